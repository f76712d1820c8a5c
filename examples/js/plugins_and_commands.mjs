// Slash commands from a local plugin and from the project.
//
// The example writes a small plugin (one command, one skill) and a project command into a
// temporary folder, loads the plugin with `plugins: [{ type: "local", path }]`, prints the
// slash commands the session announces, then runs the plugin's command and the project's
// command, each with an argument ($ARGUMENTS in the command file).
//
//   node examples/js/plugins_and_commands.mjs
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { query } from "oxagent";

const FILES = {
  // The plugin: its manifest, a command (/greeter:hello) and a skill (greeter:haiku).
  "greeter/.claude-plugin/plugin.json": '{"name": "greeter", "version": "1.0.0"}\n',
  "greeter/commands/hello.md": "---\ndescription: Greet someone\n---\nWrite a one-line greeting for $ARGUMENTS.\n",
  "greeter/skills/haiku/SKILL.md": "---\nname: haiku\ndescription: Answer as a haiku\n---\nReply as a haiku.\n",
  // A project command (/todo), read from the project's .claude folder.
  "project/.claude/commands/todo.md": "---\nargument-hint: <topic>\n---\nList three to-dos about $ARGUMENTS.\n",
};

const root = fs.mkdtempSync(path.join(os.tmpdir(), "plugin-example-"));
for (const [rel, text] of Object.entries(FILES)) {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
}
const options = {
  cwd: path.join(root, "project"),
  settingSources: ["project"], // read .claude/commands of the project
  plugins: [{ type: "local", path: path.join(root, "greeter") }],
  maxTurns: 3,
};

try {
  for (const prompt of ["/greeter:hello Ada", "/todo the release"]) {
    console.log(`$ ${prompt}`);
    for await (const message of query({ prompt, options })) {
      if (message.type === "system" && message.subtype === "init") {
        console.log("plugins:", message.plugins.map((p) => p.name).join(", "));
        console.log("slash commands:", message.slash_commands.join(", "));
      } else if (message.type === "result" && message.subtype === "success") {
        console.log(`> ${message.result}`);
      }
    }
  }
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
