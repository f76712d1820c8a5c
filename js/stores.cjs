// oxagent/stores: session stores on servers, beyond the documented SDK: Redis and PostgreSQL,
// implemented in oxagent's native core. A session given one mirrors into it without calling
// back into JavaScript, and resumes from it on any host.
//
//   const { RedisSessionStore } = require("oxagent/stores");
//   query({ prompt, options: { sessionStore: new RedisSessionStore("redis://127.0.0.1:6379/") } });
"use strict";

const { NativeSessionStore, RedisSessionStore, PostgresSessionStore } = require("./lib/stores.cjs");

module.exports = { NativeSessionStore, RedisSessionStore, PostgresSessionStore };
