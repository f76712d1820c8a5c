"""A one-connection WebSocket server for the Monitor scenarios (standard library only):
wsserver.py PORT STEP... where a step is sleep:S, text:T (\\n for a line break), bin:T,
close:CODE, drop (the connection closes without a close frame) or reject (HTTP 404 after
half a second)."""
import base64
import hashlib
import socket
import struct
import sys
import time

port, plan = int(sys.argv[1]), sys.argv[2:]
server = socket.socket()
server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
server.bind(("127.0.0.1", port))
server.listen(1)
server.settimeout(30)
conn, _ = server.accept()
request = b""
while b"\r\n\r\n" not in request:
    request += conn.recv(4096)
if plan and plan[0] == "reject":
    time.sleep(0.5)
    conn.sendall(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
    time.sleep(0.5)
    sys.exit(0)
key = [line.split(b":", 1)[1].strip() for line in request.split(b"\r\n")
       if line.lower().startswith(b"sec-websocket-key")][0]
accept = base64.b64encode(hashlib.sha1(key + b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11").digest())
conn.sendall(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
             b"Connection: Upgrade\r\nSec-WebSocket-Accept: " + accept + b"\r\n\r\n")


def frame(opcode, data):
    size = len(data)
    head = bytes([0x80 | opcode]) + (bytes([size]) if size < 126 else bytes([126]) + struct.pack(">H", size))
    conn.sendall(head + data)


for step in plan:
    kind, _, arg = step.partition(":")
    if kind == "sleep":
        time.sleep(float(arg))
    elif kind == "text":
        frame(1, arg.replace("\\n", "\n").encode())
    elif kind == "bin":
        frame(2, arg.encode())
    elif kind == "close":
        frame(8, struct.pack(">H", int(arg)))
    elif kind == "drop":
        conn.close()
        sys.exit(0)
time.sleep(1)
conn.close()
