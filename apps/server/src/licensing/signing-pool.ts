import type { KeyObject } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { signKeyFileHere, type UnsignedKeyFile } from './juce-key-file.js';

/** Signs key files: the raw RSA private operations of their blocks, here or on other threads. */
export interface KeyFileSigner {
  sign(file: UnsignedKeyFile): Promise<string>;
  close(): Promise<void>;
}

/** Signs on the calling thread (SIGNING_THREADS=0, and keys OpenSSL cannot load). */
export const signOnThisThread: KeyFileSigner = {
  sign: async (file) => signKeyFileHere(file),
  close: async () => undefined,
};

// Plain CommonJS evaluated in the worker: no loader or build step is needed, whatever runs the server.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { privateDecrypt, constants } = require('node:crypto');
const keys = new Map();
parentPort.on('message', ({ id, keyId, key, blocks }) => {
  try {
    if (key) keys.set(keyId, key);
    const signed = blocks.map((block) => privateDecrypt({ key: keys.get(keyId), padding: constants.RSA_NO_PADDING }, block));
    parentPort.postMessage({ id, signed });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

class ThreadStoppedError extends Error {}

type Reply = { id: number; signed?: Uint8Array[]; error?: string };
type Pending = { resolve: (signed: Buffer[]) => void; reject: (error: Error) => void };
/** `keys`: the ids of the keys the thread has been sent (each is sent once: cloning a key costs more than a signature). */
type Thread = { worker: Worker; pending: Map<number, Pending>; keys: Set<number> };

/**
 * A key file takes one or two RSA private operations, 1.5 ms each at 2048 bits: on the event loop they hold up
 * every other request. This pool runs them on `size` worker threads (started on first use, each given the
 * least work), while the file's XML and text are made here. A thread that dies fails only its own calls and
 * is replaced on the next one.
 */
export function createSigningPool(size: number): KeyFileSigner {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('A signing pool needs at least one thread.');
  const threads: (Thread | undefined)[] = Array.from({ length: size }, () => undefined);
  let nextId = 0;
  let isClosed = false;
  const keyIds = new WeakMap<KeyObject, number>();
  let nextKeyId = 0;
  const keyIdOf = (key: KeyObject): number => {
    let keyId = keyIds.get(key);
    if (keyId === undefined) keyIds.set(key, (keyId = nextKeyId++));
    return keyId;
  };

  const start = (slot: number): Thread => {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    const thread: Thread = { worker, pending: new Map(), keys: new Set() };
    // An idle pool keeps no process alive.
    worker.unref();
    const failAll = (error: Error) => {
      if (threads[slot] === thread) threads[slot] = undefined;
      for (const pending of thread.pending.values()) pending.reject(error);
      thread.pending.clear();
    };
    worker.on('message', ({ id, signed, error }: Reply) => {
      const pending = thread.pending.get(id);
      if (!pending) return;
      thread.pending.delete(id);
      if (thread.pending.size === 0) worker.unref();
      if (signed) pending.resolve(signed.map((block) => Buffer.from(block.buffer, block.byteOffset, block.byteLength)));
      else pending.reject(new Error(`Signing failed: ${error ?? 'no answer'}`));
    });
    worker.on('error', (error) => failAll(error));
    worker.on('exit', (code) => failAll(new ThreadStoppedError(`The signing thread stopped (exit code ${code}).`)));
    worker.on('messageerror', (error) => failAll(error));
    threads[slot] = thread;
    return thread;
  };

  // An idle thread if there is one, else a new one while the pool is not full, else the least busy.
  const pick = (): Thread => {
    let best: Thread | undefined;
    for (const thread of threads) if (thread && (!best || thread.pending.size < best.pending.size)) best = thread;
    if (best && best.pending.size === 0) return best;
    const empty = threads.indexOf(undefined);
    return empty === -1 ? best! : start(empty);
  };

  return {
    sign: async (file) => {
      const keyObject = file.key.keyObject;
      if (keyObject === null || isClosed) return signOnThisThread.sign(file);
      const thread = pick();
      const id = nextId++;
      let signed: Buffer[];
      try {
        signed = await new Promise<Buffer[]>((resolve, reject) => {
          thread.pending.set(id, { resolve, reject });
          thread.worker.ref();
          const keyId = keyIdOf(keyObject);
          const isKnown = thread.keys.has(keyId);
          thread.keys.add(keyId);
          thread.worker.postMessage({ id, keyId, ...(isKnown ? {} : { key: keyObject }), blocks: file.blocks });
        });
      } catch (error) {
        thread.pending.delete(id);
        if (thread.pending.size === 0) thread.worker.unref();
        // A thread that died (out of memory, terminated) takes no registration with it: sign here instead.
        if (error instanceof ThreadStoppedError && !isClosed) return signOnThisThread.sign(file);
        throw error;
      }
      return file.finish(signed);
    },
    close: async () => {
      isClosed = true;
      await Promise.all(threads.flatMap((thread) => (thread ? [thread.worker.terminate()] : [])));
    },
  };
}
