// Sends the JSON-RPC messages of cases.json to the in-process servers that createSdkMcpServer()
// of a TS SDK package makes (each case a fresh server, connected through an in-memory
// transport as the SDK connects it), and prints the replies as JSON:
//     node probe.mjs PACKAGE_DIR > golden/ts.json
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildServers, importPackage, zodFor } from "../sdk/tools.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const dir = path.resolve(process.argv[2]);
const sdk = await importPackage(dir);
const z = zodFor(dir);
const { server, cases } = JSON.parse(fs.readFileSync(path.join(HERE, "cases.json"), "utf8"));

/** The in-memory end the server connects to: replies are matched by id. */
class Transport {
  waiting = new Map();
  async start() {}
  async close() {}
  async send(message) {
    const w = this.waiting.get(message.id);
    if (w) {
      this.waiting.delete(message.id);
      w(message);
    }
  }
  exchange(message) {
    if (message.id === undefined) {
      this.onmessage(message);
      return new Promise((r) => setTimeout(() => r(null), 50));
    }
    return new Promise((resolve) => {
      this.waiting.set(message.id, resolve);
      this.onmessage(message);
    });
  }
}

const out = [];
for (const c of cases) {
  const config = buildServers(sdk, z, { [server.name]: server })[server.name];
  const transport = new Transport();
  await config.instance.connect(transport);
  const replies = [];
  for (const m of c.messages) replies.push(await transport.exchange(m));
  out.push({ name: c.name, replies });
}
console.log(JSON.stringify(out, null, 1));
process.exit(0);
