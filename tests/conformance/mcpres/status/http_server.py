"""The probe's streamable-HTTP MCP server (the official `mcp` package), on the given port."""
import sys

try:
    from mcp.server.mcpserver import MCPServer as Server
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as Server
from mcp.types import ToolAnnotations

app = Server("webby")


@app.tool(annotations=ToolAnnotations(openWorldHint=True))
def fetch_page(url: str) -> str:
    """Fetches a page."""
    return url


app.run(transport="streamable-http", host="127.0.0.1", port=int(sys.argv[1]))
