// The messages a query has received and not yet handed to its consumer.
//
// One producer (the frame pump) and the query's `next()` calls: `take()` resolves with the
// next message as an iterator result, or `{done: true}` after `finish()`, or rejects with the
// error the stream ended on. The end is delivered once: a later `take()` gives `{done: true}`,
// as an async generator does after it returned or threw. `next()` calls made before the
// earlier ones settled are answered in order.
"use strict";

const DONE = Object.freeze({ value: undefined, done: true });

class MessageQueue {
  #items = [];
  #head = 0;
  #waiters = [];
  #end = null;
  #delivered = false;

  get ended() {
    return this.#end !== null;
  }

  push(message) {
    if (this.#end) return;
    if (this.#waiters.length) this.#waiters.shift().resolve({ value: message, done: false });
    else this.#items.push(message);
  }

  /** Ends the stream after the messages already queued; `error` is thrown after them. */
  finish(error = null) {
    if (this.#end) return;
    this.#end = { error };
    while (this.#waiters.length) this.#settle(this.#waiters.shift());
  }

  /** Ends the stream now, dropping what is queued. */
  fail(error) {
    if (this.#end) return;
    this.#items.length = 0;
    this.#head = 0;
    this.finish(error);
  }

  /** Ends the stream now, dropping what is queued, and delivers no error (`return()`). */
  close() {
    this.fail(null);
    this.#delivered = true;
  }

  take() {
    if (this.#head < this.#items.length) {
      const value = this.#items[this.#head];
      this.#items[this.#head++] = undefined;
      if (this.#head === this.#items.length) {
        this.#items.length = 0;
        this.#head = 0;
      }
      return Promise.resolve({ value, done: false });
    }
    if (this.#end) return new Promise((resolve, reject) => this.#settle({ resolve, reject }));
    return new Promise((resolve, reject) => {
      this.#waiters.push({ resolve, reject });
    });
  }

  #settle({ resolve, reject }) {
    const error = this.#delivered ? null : this.#end.error;
    this.#delivered = true;
    if (error) reject(error);
    else resolve(DONE);
  }
}

module.exports = { MessageQueue };
