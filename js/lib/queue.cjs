// The messages a query has received and not yet handed to its consumer.
//
// One producer (the frame pump) and one consumer (the async generator, which never has two
// `next()` calls in flight): `take()` resolves with the next message, or `{done: true}` after
// `finish()`, or rejects with the error the stream ended on.
"use strict";

class MessageQueue {
  #items = [];
  #waiter = null;
  #end = null;

  get ended() {
    return this.#end !== null;
  }

  push(message) {
    if (this.#end) return;
    if (this.#waiter) {
      const { resolve } = this.#waiter;
      this.#waiter = null;
      resolve({ value: message, done: false });
    } else {
      this.#items.push(message);
    }
  }

  /** Ends the stream after the messages already queued; `error` is thrown after them. */
  finish(error = null) {
    if (this.#end) return;
    this.#end = { error };
    if (this.#waiter && this.#items.length === 0) this.#settle();
  }

  /** Ends the stream now, dropping what is queued. */
  fail(error) {
    if (this.#end) return;
    this.#items.length = 0;
    this.finish(error);
  }

  take() {
    if (this.#items.length) return Promise.resolve({ value: this.#items.shift(), done: false });
    if (this.#end) return this.#end.error ? Promise.reject(this.#end.error) : Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => {
      this.#waiter = { resolve, reject };
    });
  }

  #settle() {
    const { resolve, reject } = this.#waiter;
    this.#waiter = null;
    if (this.#end.error) reject(this.#end.error);
    else resolve({ value: undefined, done: true });
  }
}

module.exports = { MessageQueue };
