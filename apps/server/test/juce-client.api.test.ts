// The plug-in side, tested with JUCE's own code: the console example of clients/juce (JUCE's OnlineUnlockStatus
// through this repository's plugin_store_unlock module, libcurl for HTTP) runs against this server, listening on
// 127.0.0.1. A local proxy stands in for every other host, so JUCE's probes of google, bing and amazon after a
// failed connection stay on this machine (and are seen there). Needs JUCE's modules (Debian's
// juce-modules-source), g++ and libcurl's headers; .ci/run installs them. Without JUCE the file is skipped
// locally, and fails in CI.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { collectCppDocUnits } from './cpp-doc-blocks.js';
import { createExpiringKeyFile, createKeyFile } from '../src/licensing/juce-key-file.js';
import { loadSigningKey } from '../src/licensing/rsa-key.js';
import { customerWithLicence, randomDeviceId, registerDevice } from '../src/modules/licence/licence.test-factory.js';
import { findProductByName, type ProductRow } from '../src/modules/product/product.repository.js';
import { createTestApp } from './test-app.js';
import { orderCompleted, postWebhook } from './webhook-fixtures.js';

const run = promisify(execFile);
const JUCE_MODULES = '/usr/share/juce/modules';
const REPOSITORY = resolve(import.meta.dirname, '../../..');
const BUILD_DIR = join(REPOSITORY, '.tmp/juce-example');
const PROGRAM = join(BUILD_DIR, 'plugin_store_example');
const TSAN_PROGRAM = join(BUILD_DIR, 'tsan/plugin_store_example');
const DOC_DIR = join(BUILD_DIR, 'doc');
const INTEGRATION_DOC = 'docs/plugin-integration.md';
const hasJuce = existsSync(join(JUCE_MODULES, 'juce_product_unlocking'));
const DAY_MS = 24 * 60 * 60 * 1000;

type Outcome = { exitCode: number; lines: Record<string, string>; stderr?: string };

const isRequired = hasJuce || process.env.CI === 'true';
const WEBHOOK_SECRET = 'juce-client-webhook-secret';
const t = isRequired ? await createTestApp({ FASTSPRING_WEBHOOK_SECRET: WEBHOOK_SECRET }) : undefined;

describe.skipIf(!isRequired)('the JUCE client against the server', () => {
  let serverUrl = '';
  let spacey: ProductRow;
  let tapewarm: ProductRow;
  let workDir = '';
  let proxy: Server;
  const proxyRequests: string[] = [];
  const heldExamples: ChildProcess[] = [];

  beforeAll(async () => {
    if (!hasJuce) throw new Error(`JUCE's modules are missing from ${JUCE_MODULES}: install juce-modules-source (.ci/run does).`);
    // make keeps the objects in .tmp/: JUCE's sources compile once, a changed module or example recompiles alone.
    await make('all');
    const app = t!.app;
    await app.listen({ host: '127.0.0.1', port: 0 });
    serverUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    spacey = (await findProductByName(t!.db, 'Spacey'))!;
    // Tapewarm's online keys expire after 90 days (decision 041); Spacey keeps permanent keys.
    await t!.db.query(`UPDATE product SET online_key_days = 90 WHERE name = 'Tapewarm'`);
    tapewarm = (await findProductByName(t!.db, 'Tapewarm'))!;
    await vi.waitFor(async () => expect((await t!.app.productCache.byName(t!.db, 'Tapewarm'))?.online_key_days).toBe(90));
    workDir = await mkdtemp(join(tmpdir(), 'juce-client-'));
    proxy = createServer((socket) => {
      socket.once('data', (data) => {
        proxyRequests.push(data.toString('latin1').split('\r\n')[0]!);
        socket.destroy();
      });
    });
    await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  }, 600_000);

  /** Runs a target of the console example's Makefile; a compiler error fails the test with the compiler's words. */
  async function make(target: string) {
    const makefileDir = join(REPOSITORY, 'clients/juce/examples/console');
    await run('make', ['-j2', '-s', '-C', makefileDir, `BUILD_DIR=${BUILD_DIR}`, `DOC_DIR=${DOC_DIR}`, target], {
      maxBuffer: 16 << 20,
    }).catch((error: { stderr?: string }) => {
      throw new Error(`make ${target} failed:\n${error.stderr ?? String(error)}`);
    });
  }

  afterAll(async () => {
    for (const child of heldExamples) if (child.exitCode === null) child.kill();
    await new Promise((done) => proxy?.close(done));
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  /** One computer; `timeoutMs` sets the module's connection timeout (`--timeout`). */
  type Computer = { deviceId: string; product?: string; server?: string; publicKey?: string; timeoutMs?: number };

  /** The example's options and environment for one computer (its Device ID and its own saved state), every other
      host behind the proxy. */
  const invocation = (computer: Computer, command: string[]) => {
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const options = [
      ['--server', computer.server ?? serverUrl],
      ['--product', computer.product ?? 'Spacey'],
      ['--public-key', computer.publicKey ?? spacey.public_key_2048],
      ['--device-id', computer.deviceId],
      ['--state', join(workDir, `${computer.deviceId}.state`)],
      computer.timeoutMs === undefined ? [] : ['--timeout', String(computer.timeoutMs)],
    ].flat();
    const env = {
      ...process.env,
      http_proxy: proxyUrl,
      https_proxy: proxyUrl,
      HTTPS_PROXY: proxyUrl,
      ALL_PROXY: proxyUrl,
      no_proxy: '127.0.0.1',
      NO_PROXY: '127.0.0.1',
    };
    return { args: [...options, ...command], env };
  };

  const parseLines = (stdout: string) =>
    Object.fromEntries(
      stdout
        .split('\n')
        .filter((line) => line.includes(': '))
        .map((line) => [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)]),
    );

  /** Runs the example (or its ThreadSanitizer build) as one computer. */
  const runProgram = async (program: string, computer: Computer, command: string[]): Promise<Outcome> => {
    const { args, env } = invocation(computer, command);
    // ThreadSanitizer's runtime needs the address layout it expects; with the kernel's address randomisation turned
    // up (vm.mmap_rnd_bits above 28) GCC 12's refuses to start, so its program runs without randomisation.
    const [file, fileArgs] = program === TSAN_PROGRAM ? ['setarch', ['-R', program, ...args]] : [program, args];
    const result = await run(file, fileArgs, { env, cwd: workDir, timeout: 120_000, maxBuffer: 16 << 20 }).then(
      ({ stdout, stderr }) => ({ exitCode: 0, stdout, stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        exitCode: typeof error.code === 'number' ? error.code : -1,
        stdout: error.stdout ?? '',
        stderr: error.stderr ?? '',
      }),
    );
    return { exitCode: result.exitCode, lines: parseLines(result.stdout), stderr: result.stderr };
  };
  const runExample = (computer: Computer, ...command: string[]) => runProgram(PROGRAM, computer, command);

  /** Starts the example's `hold COMMAND`: it loads the state and waits; `proceed()` lets it run COMMAND. Another
      running copy of the plug-in, holding the state while this one changes it. */
  const holdExample = (computer: Computer, ...command: string[]) => {
    const { args, env } = invocation(computer, ['hold', ...command]);
    const child = spawn(PROGRAM, args, { env, cwd: workDir, stdio: ['pipe', 'pipe', 'inherit'] });
    heldExamples.push(child);
    let stdout = '';
    let onOutput = () => {};
    child.stdout.on('data', (data: Buffer) => {
      stdout += data.toString();
      onOutput();
    });
    const exited = new Promise<number>((done) => child.on('close', (code) => done(code ?? -1)));
    const ready = new Promise<void>((done, fail) => {
      onOutput = () => stdout.includes('ready: yes') && done();
      void exited.then(() => fail(new Error(`the held example exited before it was ready:\n${stdout}`)));
    });
    return {
      ready,
      proceed: async (): Promise<Outcome> => {
        child.stdin.end('go\n');
        const exitCode = await exited;
        return { exitCode, lines: parseLines(stdout) };
      },
    };
  };

  /** Starts the example (or its ThreadSanitizer build) with a command that waits for a line on stdin (`interrupt`,
      `background-stop`); `proceed()` sends it and answers the outcome. */
  const startProgram = (program: string, computer: Computer, command: string[]) => {
    const { args, env } = invocation(computer, command);
    const [file, fileArgs] = program === TSAN_PROGRAM ? ['setarch', ['-R', program, ...args]] : [program, args];
    const child = spawn(file, fileArgs, { env, cwd: workDir, stdio: ['pipe', 'pipe', 'pipe'] });
    heldExamples.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    const exited = new Promise<number>((done) => child.on('close', (code, signal) => done(code ?? (signal ? 128 : -1))));
    return {
      proceed: async (): Promise<Outcome> => {
        child.stdin.end('go\n');
        const exitCode = await exited;
        return { exitCode, lines: parseLines(stdout), stderr };
      },
    };
  };
  const startExample = (computer: Computer, ...command: string[]) => startProgram(PROGRAM, computer, command);

  /** A stand-in at the configured address that holds every request without ever answering, as a server that is slow
      to answer: it records each request's path when it arrives and when the client hangs up. */
  const startHeldServer = async () => {
    const arrived: string[] = [];
    const hungUp: string[] = [];
    const waiting: (() => void)[] = [];
    const server = createHttpServer((request, response) => {
      request.resume();
      const path = request.url ?? '';
      arrived.push(path);
      waiting.splice(0).forEach((done) => done());
      response.on('close', () => hungUp.push(path));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      arrived,
      hungUp,
      /** Resolves once `count` requests have arrived. */
      requests: (count: number) =>
        new Promise<void>((done) => {
          const check = () => (arrived.length >= count ? done() : waiting.push(check));
          check();
        }),
      close: async () => {
        server.closeAllConnections();
        await new Promise((done) => server.close(done));
      },
    };
  };

  const writeKeyFile = async (name: string, text: string) => {
    await writeFile(join(workDir, name), text);
    return name;
  };

  const countDevices = async (orderId: number) =>
    (await t!.db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_device WHERE order_id = $1', [orderId])).rows[0]!.n;

  // Compiled, not linked: JUCE's GUI and audio modules would add minutes to every cold run (decision 059).
  it("compiles the example plug-in's processor and editor against JUCE", async () => {
    await make('plugin-check');
  }, 600_000);

  it(`compiles every C++ block of ${INTEGRATION_DOC}, with the module and with stock JUCE`, async () => {
    const { units, unmarkedLines } = collectCppDocUnits(await readFile(join(REPOSITORY, INTEGRATION_DOC), 'utf8'), INTEGRATION_DOC);
    expect(unmarkedLines, 'C++ blocks without a <!-- compiled: UNIT --> line before them').toEqual([]);
    expect([...units.keys()]).toEqual(expect.arrayContaining(['stock-unlock', 'stock-update', 'module']));
    await mkdir(DOC_DIR, { recursive: true });
    // Only changed units are written, so make recompiles only them; units the doc no longer has are removed.
    for (const file of await readdir(DOC_DIR)) {
      if (!units.has(file.replace(/\.(cpp|o|d)$/, ''))) await rm(join(DOC_DIR, file));
    }
    for (const [unit, code] of units) {
      const path = join(DOC_DIR, `${unit}.cpp`);
      if ((await readFile(path, 'utf8').catch(() => '')) !== code) await writeFile(path, code);
    }
    await make('doc-check');
  }, 600_000);

  it('unlocks online with the right password, not with a wrong one', async () => {
    const owner = await customerWithLicence(t!);
    const computer = { deviceId: randomDeviceId() };
    const wrong = await runExample(computer, 'unlock', owner.email, 'wrong-password');
    expect(wrong.exitCode).toBe(1);
    expect(wrong.lines).toMatchObject({ result: 'refused', unlocked: 'no', licensed: 'no' });
    expect(wrong.lines.message).toMatch(/^Wrong email or password\./);

    const right = await runExample(computer, 'unlock', owner.email, owner.password);
    expect(right.lines).toMatchObject({
      result: 'ok',
      message: 'Thanks for registering Spacey! This computer is now unlocked.',
      unlocked: 'yes',
      licensed: 'yes',
      licence: `Unlocked for ${owner.email}`,
    });
    expect(right.exitCode).toBe(0);
    // JUCE's load() reads the saved state again at the next start.
    expect((await runExample(computer, 'status')).lines).toMatchObject({ unlocked: 'yes' });
  });

  it('refuses a fifth computer, and lets a known one in again without taking a place', async () => {
    const owner = await customerWithLicence(t!);
    const computers = Array.from({ length: 5 }, () => ({ deviceId: randomDeviceId() }));
    for (const computer of computers.slice(0, 4)) {
      expect((await runExample(computer, 'unlock', owner.email, owner.password)).lines).toMatchObject({ result: 'ok', unlocked: 'yes' });
    }
    const fifth = await runExample(computers[4]!, 'unlock', owner.email, owner.password);
    expect(fifth.lines).toMatchObject({
      result: 'refused',
      unlocked: 'no',
      message: 'This licence is already registered on 4 computers. Remove one in your customer area first.',
    });
    const again = await runExample({ deviceId: computers[1]!.deviceId.toLowerCase() }, 'unlock', owner.email, owner.password);
    expect(again.lines).toMatchObject({ result: 'ok', unlocked: 'yes' });
    expect(await countDevices(owner.order.id)).toBe(4);
  });

  it('refuses a plug-in whose product ID differs in case, before taking a place', async () => {
    const owner = await customerWithLicence(t!);
    const outcome = await runExample({ deviceId: randomDeviceId(), product: 'spacey' }, 'unlock', owner.email, owner.password);
    expect(outcome.lines).toMatchObject({ result: 'refused', message: 'ProductID is incorrect.', unlocked: 'no' });
    expect(await countDevices(owner.order.id)).toBe(0);
  });

  it("applies the web dialog's offline key on its computer and refuses it on another", async () => {
    const test = t!;
    const owner = await customerWithLicence(test);
    const offline = { deviceId: randomDeviceId() };
    // What the customer area's offline dialog sends, then what "Download offline Key" saves.
    const registered = await registerDevice(test, {
      ProductName: 'Spacey',
      Key: owner.order.serial_2048,
      DeviceIdHash: offline.deviceId,
      DeviceName: 'Offline Device',
    });
    expect(registered.statusCode).toBe(200);
    const licences = (await test.request({ method: 'GET', url: '/api/userinfo/products', token: owner.token })).json() as {
      orderDevices: { deviceIdHash: string; deviceIdHashEncrypted: string }[];
    }[];
    const device = licences[0]!.orderDevices.find((entry) => entry.deviceIdHash === offline.deviceId)!;
    const file = await writeKeyFile('Spacey_OfflineKey.txt', device.deviceIdHashEncrypted);

    const other = { deviceId: randomDeviceId() };
    const refused = await runExample(other, 'apply', file);
    expect(refused.lines).toMatchObject({ result: 'refused', unlocked: 'no' });
    expect(refused.lines.message).toBe(
      `This key file is for another computer (Device ID ${offline.deviceId}). This computer's Device ID is ${other.deviceId}.`,
    );
    // JUCE's own applyKeyFile, without the module's checks, refuses it too.
    expect((await runExample(other, 'apply-stock', file)).lines).toMatchObject({ unlocked: 'no', licensed: 'no' });

    const applied = await runExample(offline, 'apply', file);
    expect(applied.lines).toMatchObject({ result: 'ok', message: 'Spacey is now unlocked on this computer.', unlocked: 'yes' });
    expect((await runExample(offline, 'apply-stock', file)).lines).toMatchObject({ unlocked: 'yes' });
  });

  it('explains that the serial key file unlocks nothing by itself, and registers the computer with it', async () => {
    const owner = await customerWithLicence(t!);
    const computer = { deviceId: randomDeviceId() };
    const file = await writeKeyFile('Spacey_SerialKey.txt', owner.order.serial_2048);
    const loaded = await runExample(computer, 'apply', file);
    expect(loaded.lines).toMatchObject({ result: 'refused', unlocked: 'no' });
    expect(loaded.lines.message).toMatch(/^This is your licence's serial key file \(Spacey_SerialKey\.txt\): it names no computer/);
    expect((await runExample(computer, 'apply-stock', file)).lines).toMatchObject({ unlocked: 'no' });

    const registered = await runExample(computer, 'register', file, 'Studio PC');
    expect(registered.lines, registered.lines.message).toMatchObject({ result: 'ok', unlocked: 'yes' });
    expect(await countDevices(owner.order.id)).toBe(1);
  });

  it('finds a newer build: stable for anyone, the beta for an opted-in owner key file', async () => {
    const admin = await t!.adminToken();
    const installer = (version: string, channel: string, releaseDate: string) => ({
      platform: 'linux',
      version,
      fileName: 'Spacey.tar.gz',
      sizeBytes: 1,
      sha256: '',
      releaseDate,
      notes: `What is new in ${version}.`,
      storage: 'url',
      location: '/downloads/spacey.zip',
      channel,
    });
    for (const body of [installer('1.3.0', 'stable', '2099-01-01'), installer('1.4.0-beta1', 'beta', '2099-02-01')]) {
      const saved = await t!.request({ method: 'POST', url: `/api/product/${spacey.id}/downloads`, token: admin, body });
      expect(saved.statusCode).toBe(200);
    }
    const computer = { deviceId: randomDeviceId() };
    const stable = await runExample(computer, 'update-check', '1.2.0');
    expect(stable.exitCode).toBe(0);
    expect(stable.lines).toMatchObject({ update: "Spacey 1.3.0 is available: what's new", version: '1.3.0', channel: 'stable' });
    expect(stable.lines.notes).toBe('What is new in 1.3.0.');
    expect((await runExample(computer, 'update-check', '1.3.0')).lines.update).toBe('none');

    const owner = await customerWithLicence(t!);
    const file = await writeKeyFile('beta-owner.txt', owner.order.serial_2048);
    expect((await runExample(computer, 'update-check', '1.3.0', file)).lines).toMatchObject({ update: 'none', channel: 'stable' });
    const optedIn = await t!.request({
      method: 'PUT',
      url: '/api/userinfo/release-preferences',
      token: owner.token,
      body: { betaChannel: true, releaseMail: false },
    });
    expect(optedIn.statusCode).toBe(200);
    const beta = await runExample(computer, 'update-check', '1.3.0', file);
    expect(beta.lines).toMatchObject({ update: "Spacey 1.4.0-beta1 is available: what's new", channel: 'beta' });

    // What the example's editor sends: the key this computer saved when it unlocked (none yet: stable only).
    const plugin = { deviceId: randomDeviceId() };
    expect((await runExample(plugin, 'update-check', '1.3.0', 'saved')).lines).toMatchObject({ update: 'none', channel: 'stable' });
    expect((await runExample(plugin, 'unlock', owner.email, owner.password)).lines).toMatchObject({ result: 'ok' });
    expect((await runExample(plugin, 'update-check', '1.3.0', 'saved')).lines).toMatchObject({
      update: "Spacey 1.4.0-beta1 is available: what's new",
      channel: 'beta',
    });
  });

  it('starts a trial that licenses until its expiry, once per computer', async () => {
    const computer = { deviceId: randomDeviceId() };
    const before = Date.now();
    const trial = await runExample(computer, 'trial', 'tries@example.com');
    expect(trial.exitCode).toBe(0);
    expect(trial.lines).toMatchObject({ result: 'ok', unlocked: 'no', licensed: 'yes' });
    expect(trial.lines.message).toMatch(/^Your 30-day trial of Spacey has started\./);
    const expiry = Number(trial.lines.expiry);
    expect(expiry).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
    expect(trial.lines.licence).toMatch(/^Trial until /);

    const again = await runExample(computer, 'trial');
    expect(again.lines).toMatchObject({ result: 'ok', licensed: 'yes', expiry: trial.lines.expiry });
    expect(again.lines.message).toMatch(/^Your trial of Spacey on this computer runs until/);
  });

  it('does not license with a trial key whose expiry has passed, though JUCE accepts the file', async () => {
    const computer = { deviceId: randomDeviceId() };
    const privateKey = loadSigningKey(t!.app.secretBox.open(spacey.private_key_2048_sealed), spacey.public_key_2048);
    const expired = createExpiringKeyFile({
      appName: 'Spacey',
      userEmail: 'trial',
      userName: 'Trial',
      machineNumbers: computer.deviceId,
      expiryTime: new Date(Date.now() - DAY_MS),
      privateKey,
    });
    const file = await writeKeyFile('expired-trial.txt', expired);
    const stock = await runExample(computer, 'apply-stock', file);
    expect(stock.lines).toMatchObject({ unlocked: 'no', licensed: 'no' });
    expect(Number(stock.lines.expiry)).toBeLessThan(Date.now());
    expect(Number(stock.lines.expiry)).toBeGreaterThan(0);
    expect((await runExample({ deviceId: randomDeviceId() }, 'apply', file)).lines).toMatchObject({ result: 'refused', licensed: 'no' });
    expect((await runExample(computer, 'apply', file)).lines.message).toMatch(/^The trial of Spacey on this computer ended on /);
  });

  it("applies the website's trial key for an offline computer", async () => {
    const computer = { deviceId: randomDeviceId() };
    const response = await t!.request({
      method: 'POST',
      url: '/api/trial',
      body: { ProductName: 'Spacey', DeviceIdHash: computer.deviceId },
    });
    const file = await writeKeyFile('Spacey_TrialKey.txt', (response.json() as { keyFile: string }).keyFile);
    const applied = await runExample(computer, 'apply', file);
    expect(applied.lines).toMatchObject({ result: 'ok', unlocked: 'no', licensed: 'yes' });
    expect(applied.lines.message).toMatch(/^Your trial of Spacey runs until /);
  });

  it("shows JUCE's connection message when the server is down, its probes going to the local proxy only", async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const deadServer = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((done) => closed.close(done));
    proxyRequests.length = 0;
    const outcome = await runExample({ deviceId: randomDeviceId(), server: deadServer }, 'unlock', 'joe@example.com', 'secret');
    expect(outcome.lines).toMatchObject({ result: 'refused', unlocked: 'no' });
    expect(outcome.lines.message).toMatch(/^Couldn't connect to 127\.0\.0\.1\.\.\./);
    expect(proxyRequests.join('\n')).toMatch(/google\.com/);
    expect(proxyRequests.length).toBeGreaterThanOrEqual(3);
  });

  describe('keys that end gently (decision 041)', () => {
    const tapewarmComputer = () => ({ deviceId: randomDeviceId(), product: 'Tapewarm', publicKey: tapewarm.public_key });

    it('counts an unexpired rolling key as licensed, renews it, and says when it has expired', async () => {
      const owner = await customerWithLicence(t!, 'Tapewarm');
      const computer = tapewarmComputer();
      const unlocked = await runExample(computer, 'unlock', owner.email, owner.password);
      // Stock JUCE leaves isUnlocked() false for an expiring key; the module licenses it until its expiry.
      expect(unlocked.lines).toMatchObject({ result: 'ok', unlocked: 'no', licensed: 'yes', renewable: 'yes' });
      expect(Number(unlocked.lines.expiry)).toBeGreaterThan(Date.now() + 89 * DAY_MS);
      expect(unlocked.lines.licence).toMatch(
        new RegExp(`^Unlocked for ${owner.email.replace(/[.+]/g, '\\$&')} until .* \\(renewed while online\\)$`),
      );

      await t!.db.query(`UPDATE order_device SET renewed_at = NULL WHERE order_id = $1`, [owner.order.id]);
      const renewed = await runExample(computer, 'renew');
      expect(renewed.lines).toMatchObject({ result: 'ok', licensed: 'yes', renewable: 'yes' });
      expect(renewed.lines.message).toMatch(/^Your key of Tapewarm was renewed\. It works until /);
      const { rows } = await t!.db.query('SELECT renewed_at FROM order_device WHERE order_id = $1', [owner.order.id]);
      expect(rows[0].renewed_at).not.toBeNull();
      expect((await runExample(computer, 'status')).lines).toMatchObject({ licensed: 'yes', renewable: 'yes' });

      // An expired rolling key: the module says so and how to renew, instead of falling silent.
      const privateKey = loadSigningKey(t!.app.secretBox.open(tapewarm.private_key_sealed), tapewarm.public_key);
      const expired = createExpiringKeyFile({
        appName: 'Tapewarm',
        userEmail: owner.email,
        userName: owner.email,
        machineNumbers: computer.deviceId,
        expiryTime: new Date(Date.now() - DAY_MS),
        privateKey,
        extraAttributes: [
          ['licence', String(owner.order.id)],
          ['removal', '00'],
        ],
      });
      const applied = await runExample(computer, 'apply', await writeKeyFile('expired-rolling.txt', expired));
      expect(applied.lines.result).toBe('refused');
      expect(applied.lines.message).toMatch(
        /^This key of Tapewarm expired on .*\. Connect to the internet and renew it, or unlock Tapewarm again with your account\.$/,
      );
    });

    it('keeps a refunded licence working until its key expires, refusing the renewal with a clear message', async () => {
      const owner = await customerWithLicence(t!, 'Tapewarm');
      const computer = tapewarmComputer();
      const unlocked = await runExample(computer, 'unlock', owner.email, owner.password);
      expect(unlocked.lines).toMatchObject({ result: 'ok', licensed: 'yes' });
      await t!.db.query(`UPDATE orders SET state = 'refunded' WHERE id = $1`, [owner.order.id]);
      await t!.db.query('DELETE FROM order_device WHERE order_id = $1', [owner.order.id]);

      const refused = await runExample(computer, 'renew');
      expect(refused.exitCode).toBe(1);
      expect(refused.lines).toMatchObject({ result: 'refused', licensed: 'yes', expiry: unlocked.lines.expiry });
      expect(refused.lines.message).toMatch(
        /^Your licence of Tapewarm was refunded, so its key is not renewed\. It keeps working on this computer until \d{4}-\d\d-\d\d\.$/,
      );
    });

    it('removes its key and shows a removal code that frees the place once', async () => {
      const owner = await customerWithLicence(t!, 'Tapewarm');
      const computer = tapewarmComputer();
      expect((await runExample(computer, 'unlock', owner.email, owner.password)).lines).toMatchObject({ licensed: 'yes' });
      expect(await countDevices(owner.order.id)).toBe(1);

      const removed = await runExample(computer, 'remove');
      expect(removed.lines).toMatchObject({ result: 'ok', unlocked: 'no', licensed: 'no', renewable: 'no' });
      const code = removed.lines['removal-code']!;
      expect(code).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
      expect(removed.lines.message).toContain(code);
      expect((await runExample(computer, 'status')).lines).toMatchObject({ licensed: 'no' });

      const release = () =>
        t!.request({
          method: 'POST',
          url: '/api/userinfo/releasedevice',
          token: owner.token,
          body: { orderId: owner.order.id, removalCode: code },
        });
      expect((await release()).statusCode).toBe(200);
      expect(await countDevices(owner.order.id)).toBe(0);
      expect((await release()).statusCode).toBe(409);
    });

    // The review of 2026-11-28 (docs/reviews/2026-11-28-juce-module.md), findings J1-J8; decision 090.
    const tapewarmSigningKey = () => loadSigningKey(t!.app.secretBox.open(tapewarm.private_key_sealed), tapewarm.public_key);
    /** A key of Tapewarm for one computer, signed here as the server signs it: the module's renewable key (with
        `licence`), a trial's (expiring, no licence) or a permanent one. */
    const tapewarmKey = (
      deviceId: string,
      kind: { expiresInMs: number; licence?: string } | { permanent: true },
      removal = 'removal-secret',
    ) => {
      const base = { appName: 'Tapewarm', machineNumbers: deviceId, privateKey: tapewarmSigningKey() };
      if ('permanent' in kind)
        return createKeyFile({ ...base, userEmail: 'joe@example.com', userName: 'Joe', extraAttributes: [['removal', removal]] });
      const expiryTime = new Date(Date.now() + kind.expiresInMs);
      if (kind.licence === undefined) return createExpiringKeyFile({ ...base, userEmail: 'trial', userName: 'Trial', expiryTime });
      return createExpiringKeyFile({
        ...base,
        userEmail: 'joe@example.com',
        userName: 'Joe',
        expiryTime,
        extraAttributes: [
          ['licence', kind.licence],
          ['removal', removal],
        ],
      });
    };
    const unlockedTapewarmComputer = async () => {
      const owner = await customerWithLicence(t!, 'Tapewarm');
      const computer = tapewarmComputer();
      const unlocked = await runExample(computer, 'unlock', owner.email, owner.password);
      expect(unlocked.lines, unlocked.lines.message).toMatchObject({ result: 'ok', licensed: 'yes', renewable: 'yes' });
      return { owner, computer, unlocked };
    };
    const renewedAt = async (orderId: number) =>
      (await t!.db.query<{ renewed_at: Date | null }>('SELECT renewed_at FROM order_device WHERE order_id = $1', [orderId])).rows[0]
        ?.renewed_at;

    it('J1: refuses a second request at once while a renewal runs, and stays readable meanwhile (ThreadSanitizer)', async () => {
      // The console example built with ThreadSanitizer, JUCE's units included (cached in .tmp like the others;
      // about 1.5 minutes cold on two cores, decision 090).
      await make('tsan');
      const { computer } = await unlockedTapewarmComputer();
      // Renewals on a background thread (as BackgroundRenewal), the main thread reading the licence in a loop and
      // asking for a renewal of its own whenever one runs: refused at once, never waiting. Any data race ends the
      // run with ThreadSanitizer's report (exit 66).
      const stress = await runProgram(TSAN_PROGRAM, computer, ['stress', '10']);
      expect(stress.stderr, stress.stderr).not.toMatch(/ThreadSanitizer/);
      expect(stress.lines, JSON.stringify(stress.lines)).toMatchObject({
        'busy-message': 'Another licence request of Tapewarm is running. Try again when it has finished.',
        licensed: 'yes',
        renewable: 'yes',
      });
      expect(Number(stress.lines.renewed)).toBeGreaterThanOrEqual(10);
      expect(Number(stress.lines['busy-refusals'])).toBeGreaterThan(0);
      expect(Number(stress.lines.reads)).toBeGreaterThan(0);
      expect(stress.exitCode).toBe(0);
    }, 600_000);

    it('J2: judges an expiring key when the session starts, so it ends at the next session, never in this one', async () => {
      // Keys that end a few seconds from now; the example waits (by the clock) until they have expired.
      const rolling = tapewarmComputer();
      const trial = tapewarmComputer();
      const rollingFile = await writeKeyFile(
        `${rolling.deviceId}-rolling.txt`,
        tapewarmKey(rolling.deviceId, { expiresInMs: 4000, licence: '1' }),
      );
      const trialFile = await writeKeyFile(`${trial.deviceId}-trial.txt`, tapewarmKey(trial.deviceId, { expiresInMs: 4000 }));
      const [key, trialKey] = await Promise.all([runExample(rolling, 'outlive', rollingFile), runExample(trial, 'outlive', trialFile)]);

      expect(key.lines, key.lines.message).toMatchObject({
        result: 'ok',
        licensed: 'yes',
        'session-licensed': 'yes',
        'next-licensed': 'no',
      });
      expect(key.lines['session-licence']).toMatch(
        /^Your key expired on .*\. Tapewarm works until it is loaded again; connect to the internet/,
      );
      expect(key.lines['next-licence']).toMatch(/^Your key expired on .*\. Connect to the internet to renew it/);
      expect(trialKey.lines, trialKey.lines.message).toMatchObject({
        result: 'ok',
        licensed: 'yes',
        trial: 'yes',
        'session-licensed': 'yes',
        'next-licensed': 'no',
      });
      expect(trialKey.lines['session-licence']).toMatch(/^Trial ended on .*\. Tapewarm works until it is loaded again\.$/);
      expect(trialKey.lines['next-licence']).toMatch(/^Trial ended on /);
    });

    it("J3: renews from the licence's own background worker, with no editor, and the example plug-in uses it", async () => {
      const { owner, computer } = await unlockedTapewarmComputer();
      await t!.db.query(`UPDATE order_device SET renewed_at = NULL WHERE order_id = $1`, [owner.order.id]);
      const renewed = await runExample(computer, 'background-renew');
      expect(renewed.lines, renewed.lines.message).toMatchObject({ result: 'ok', licensed: 'yes', renewable: 'yes' });
      expect(renewed.lines.message).toMatch(/^Your key of Tapewarm was renewed\. It works until /);
      expect(await renewedAt(owner.order.id)).not.toBeNull();

      // The example plug-in renews from its shared licence (Licence.h), never from the editor (compiled above).
      const source = (name: string) => readFile(join(REPOSITORY, 'clients/juce/examples/plugin/Source', name), 'utf8');
      expect(await source('Licence.h')).toMatch(
        /pluginstore::BackgroundRenewal renewal[\s\S]*renewal\.start\(\)|renewal\.start\(\)[\s\S]*pluginstore::BackgroundRenewal renewal/,
      );
      expect(await source('PluginEditor.cpp')).not.toMatch(/renewKey\s*\(/);
    });

    it("J4: refuses a trial while this computer holds a licence's key, before asking the server", async () => {
      const { computer } = await unlockedTapewarmComputer();
      const refused = await runExample(computer, 'trial');
      expect(refused.exitCode).toBe(1);
      expect(refused.lines).toMatchObject({
        result: 'refused',
        message: "This computer already has Tapewarm's licence, so a trial is not needed.",
        licensed: 'yes',
        renewable: 'yes',
        trial: 'no',
      });
      const trials = await t!.db.query('SELECT 1 FROM trial WHERE lower(device_id) = lower($1)', [computer.deviceId]);
      expect(trials.rows).toHaveLength(0);

      // The trial page's key file, loaded by hand, is refused too, and the licence's key stays.
      const file = await writeKeyFile(`${computer.deviceId}-trial.txt`, tapewarmKey(computer.deviceId, { expiresInMs: 5 * DAY_MS }));
      const loaded = await runExample(computer, 'apply', file);
      expect(loaded.lines).toMatchObject({ result: 'refused', renewable: 'yes', trial: 'no', 'licence-key': 'yes' });
      expect(loaded.lines.message).toMatch(/^This computer already has Tapewarm's licence, so a trial is not needed\./);
      expect((await runExample(computer, 'status')).lines).toMatchObject({ renewable: 'yes', licensed: 'yes' });
    });

    it('J5: a removal holds against another running copy of the plug-in on the same computer', async () => {
      const { owner, computer } = await unlockedTapewarmComputer();
      await t!.db.query(`UPDATE order_device SET renewed_at = NULL WHERE order_id = $1`, [owner.order.id]);
      // Two other copies (another DAW) that loaded the key before the removal: one renews, one saves its state.
      const renewing = holdExample(computer, 'renew');
      const saving = holdExample(computer, 'save');
      await Promise.all([renewing.ready, saving.ready]);

      const removed = await runExample(computer, 'remove');
      expect(removed.lines).toMatchObject({ result: 'ok', licensed: 'no', 'licence-key': 'no' });
      const code = removed.lines['removal-code']!;

      const renewal = await renewing.proceed();
      expect(renewal.lines).toMatchObject({ result: 'ok', message: 'This computer holds no key of Tapewarm to renew.', licensed: 'no' });
      expect(await renewedAt(owner.order.id)).toBeNull();
      const save = await saving.proceed();
      expect(save.lines).toMatchObject({ licensed: 'no', 'licence-key': 'no' });
      expect((await runExample(computer, 'status')).lines).toMatchObject({ licensed: 'no', renewable: 'no', 'licence-key': 'no' });

      // The code still frees the place, and the customer may unlock this computer again on purpose.
      const released = await t!.request({
        method: 'POST',
        url: '/api/userinfo/releasedevice',
        token: owner.token,
        body: { orderId: owner.order.id, removalCode: code },
      });
      expect(released.statusCode).toBe(200);
      expect((await runExample(computer, 'unlock', owner.email, owner.password)).lines).toMatchObject({ result: 'ok', licensed: 'yes' });
    });

    it("J6: a key replaces the other kind's JUCE property, so a permanent key is no trial and a rolling key applies", async () => {
      const { computer } = await unlockedTapewarmComputer();
      // What /juce/renew answers once the product's online keys are switched off: a permanent key with the secret.
      const permanent = await runExample(
        computer,
        'apply',
        await writeKeyFile(`${computer.deviceId}-permanent.txt`, tapewarmKey(computer.deviceId, { permanent: true })),
      );
      expect(permanent.lines).toMatchObject({
        result: 'ok',
        unlocked: 'yes',
        renewable: 'no',
        trial: 'no',
        'licence-key': 'yes',
        expiry: '0',
      });
      expect((await runExample(computer, 'status')).lines).toMatchObject({ unlocked: 'yes', trial: 'no', expiry: '0' });

      // The reverse order: a permanent key, then the module's rolling key: the rolling key's expiry applies.
      const other = tapewarmComputer();
      await runExample(
        other,
        'apply',
        await writeKeyFile(`${other.deviceId}-permanent.txt`, tapewarmKey(other.deviceId, { permanent: true })),
      );
      const rolling = await runExample(
        other,
        'apply',
        await writeKeyFile(`${other.deviceId}-rolling.txt`, tapewarmKey(other.deviceId, { expiresInMs: 90 * DAY_MS, licence: '7' })),
      );
      expect(rolling.lines).toMatchObject({ result: 'ok', unlocked: 'no', renewable: 'yes', trial: 'no', licensed: 'yes' });
    });

    it('J7: reads at most 64 KB of an answer and refuses deep nesting before parsing it', async () => {
      const { computer } = await unlockedTapewarmComputer();
      // A stand-in at the configured address: endless or deeply nested answers (200 000 levels, beyond 64 KB: the
      // size cap refuses them; the 094 test below refuses nesting under 64 KB). It records whether the client hung
      // up while the answer was still coming (it only ends an endless answer itself when the client never does).
      const hungUp: string[] = [];
      const standIn = createHttpServer((request, response) => {
        request.resume();
        const path = request.url ?? '';
        if (path.startsWith('/nested/')) {
          const body = path.includes('updates') ? '['.repeat(200_000) : '<a>'.repeat(200_000);
          response.writeHead(200, { 'content-type': 'text/xml', 'content-length': Buffer.byteLength(body) }).end(body);
          return;
        }
        // /declared/: a length of 100 MB announced; /endless/: chunked. 1 MB sent, then nothing more until the client
        // hangs up (what the module does) or 20 s have passed (what an unbounded read would wait for).
        response.writeHead(200, path.startsWith('/declared/') ? { 'content-length': 100 << 20 } : {});
        response.write('A'.repeat(1 << 20));
        const giveUp = setTimeout(() => response.destroy(), 20_000);
        response.on('close', () => {
          clearTimeout(giveUp);
          if (!response.writableFinished) hungUp.push(path);
        });
      });
      await new Promise<void>((done) => standIn.listen(0, '127.0.0.1', done));
      const base = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
      try {
        for (const kind of ['declared', 'endless', 'nested']) {
          const renewal = await runExample({ ...computer, server: `${base}/${kind}` }, 'renew');
          expect(renewal.exitCode, kind).toBe(1);
          expect(renewal.lines.message, kind).toMatch(/^Unexpected or corrupted reply from 127\.0\.0\.1/);
          expect(renewal.lines, kind).toMatchObject({ result: 'refused', licensed: 'yes', renewable: 'yes' });
        }
        await vi.waitFor(() => expect(hungUp).toEqual(['/declared/api/juce/renew', '/endless/api/juce/renew']));
        const update = await runExample({ ...computer, server: `${base}/nested` }, 'update-check', '1.0.0');
        expect(update.exitCode).toBe(1);
      } finally {
        await new Promise((done) => standIn.close(done));
      }
    });

    it('J8: announces a bought renewable key loaded as a file as unlocked until its end, not as a trial', async () => {
      const computer = tapewarmComputer();
      const file = await writeKeyFile(
        `${computer.deviceId}-rolling.txt`,
        tapewarmKey(computer.deviceId, { expiresInMs: 90 * DAY_MS, licence: '3' }),
      );
      const applied = await runExample(computer, 'apply', file);
      expect(applied.lines).toMatchObject({ result: 'ok', renewable: 'yes', trial: 'no' });
      expect(applied.lines.message).toMatch(/^Tapewarm is now unlocked on this computer until .+ \(renewed while online\)\.$/);
    });

    // The follow-up review of the module (decision 094): requests stop when their thread is asked to, the renewal's
    // date, and the nesting check.
    /** A Tapewarm computer holding the module's renewable key, applied from a file (no server call). */
    const computerWithRenewableKey = async (expiresInMs = 90 * DAY_MS, options: Partial<Computer> = {}) => {
      const computer = { ...tapewarmComputer(), ...options };
      const file = await writeKeyFile(`${computer.deviceId}-key.txt`, tapewarmKey(computer.deviceId, { expiresInMs, licence: '1' }));
      const applied = await runExample(computer, 'apply', file);
      expect(applied.lines, applied.lines.message).toMatchObject({ result: 'ok', renewable: 'yes' });
      return computer;
    };

    it('094: a request whose thread is asked to stop returns by itself, so the request lock is never left held', async () => {
      // JUCE's OnlineUnlockForm stops its thread with stopThread (10000) when it closes, and kills it after that; a
      // killed thread kept the request lock (every later request "busy"), and on Linux took the process down. The
      // server holds the answer far longer than the wait; the connection timeout (30 s) is longer than the wait too.
      // The form's request runs in the ThreadSanitizer build: the cancel comes from the thread that stops it.
      await make('tsan');
      const held = await startHeldServer();
      try {
        const formComputer = { deviceId: randomDeviceId(), server: held.url, timeoutMs: 30_000 };
        const unlocking = startProgram(TSAN_PROGRAM, formComputer, ['interrupt', '3000', 'form-unlock', 'joe@example.com', 'secret']);
        await held.requests(1);
        const form = await unlocking.proceed();
        expect(form.stderr, form.stderr).not.toMatch(/ThreadSanitizer/);
        expect(form.lines, form.stderr).toMatchObject({
          stopped: 'by-itself',
          interrupted: 'The request to 127.0.0.1 was cancelled.',
          'request-running': 'no',
          'later-request': 'ran',
        });
        expect(form.exitCode).toBe(0);

        // A renewal on a plug-in's own juce::Thread, stopped the same way.
        const computer = await computerWithRenewableKey(90 * DAY_MS, { server: held.url, timeoutMs: 30_000 });
        const renewing = startExample(computer, 'interrupt', '3000', 'renew');
        await held.requests(2);
        const renewal = await renewing.proceed();
        expect(renewal.lines, renewal.stderr).toMatchObject({ stopped: 'by-itself', 'later-request': 'ran' });
        expect(renewal.lines.interrupted).toMatch(/^The request to 127\.0\.0\.1 was cancelled\. This computer stays unlocked until /);
        // The client hung up on both while the server still held them: it never answered.
        await vi.waitFor(() => expect(held.hungUp).toEqual(['/api/juce/unlock', '/api/juce/renew']));
      } finally {
        await held.close();
      }
    }, 600_000);

    it("094: BackgroundRenewal::stop() returns while the server holds the renewal, not after the request's timeout", async () => {
      // stop() waited up to the connection timeout + 5 s for a renewal; curl ends a silent transfer only after the
      // timeout, so a host closing the plug-in waited that long, or killed the thread. Now stop() cancels it.
      const timeoutMs = 30_000;
      const held = await startHeldServer();
      try {
        const computer = await computerWithRenewableKey(90 * DAY_MS, { server: held.url, timeoutMs });
        const running = startExample(computer, 'background-stop');
        await held.requests(1);
        const stopped = await running.proceed();
        expect(stopped.lines, stopped.stderr).toMatchObject({ outcome: 'none', 'later-request': 'ran' });
        expect(stopped.exitCode).toBe(0);
        // Returned while the server still held the renewal (it never answers), with a wide margin below the timeout
        // that ended the renewal before (measured: well under a second).
        expect(Number(stopped.lines['stop-ms'])).toBeLessThan(timeoutMs / 3);
        expect(held.arrived).toEqual(['/api/juce/renew']);
        await vi.waitFor(() => expect(held.hungUp).toEqual(['/api/juce/renew']));
      } finally {
        await held.close();
      }
    }, 120_000);

    it('094: a renewal that cannot connect says that an expired key expired, not that it works until a past date', async () => {
      const closed = createServer();
      await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
      const deadServer = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
      await new Promise((done) => closed.close(done));

      const current = await computerWithRenewableKey(90 * DAY_MS, { server: deadServer });
      const offline = await runExample(current, 'renew');
      expect(offline.lines.message).toMatch(/^Couldn't connect to 127\.0\.0\.1 to renew the key\. This computer stays unlocked until /);

      // A key that ends a moment from now, renewed (offline) once it has ended.
      const expiresInMs = 5000; // room for applying it on a loaded machine before it ends
      const ends = Date.now() + expiresInMs;
      const expired = await computerWithRenewableKey(expiresInMs, { server: deadServer });
      await new Promise((done) => setTimeout(done, Math.max(0, ends - Date.now()) + 200));
      const renewal = await runExample(expired, 'renew');
      expect(renewal.lines).toMatchObject({ result: 'refused', renewable: 'yes' });
      expect(renewal.lines.message).toMatch(/^Couldn't connect to 127\.0\.0\.1 to renew the key\. This computer's key expired on .+\.$/);
    });

    it('094: refuses valid XML nested deeper than the replies, under 64 KB, which JUCE would otherwise apply', async () => {
      // The same renewal answer at the replies' two levels and with 1000 more inside it: the key applies at two levels,
      // so a refusal of the deep ones is the nesting check's (JUCE parses 1000 levels; the size cap is 64 KB). The
      // attribute, CDATA and DOCTYPE forms slipped past the check before: JUCE applied them.
      const computer = await computerWithRenewableKey();
      const key = tapewarmKey(computer.deviceId, { expiresInMs: 90 * DAY_MS, licence: '1' });
      const reply = (inside: string, before = '') =>
        `${before}<MESSAGE message="Renewed by the stand-in."><KEY>${key}</KEY>${inside}</MESSAGE>`;
      const deep = (open: string) => `${open.repeat(1000)}${'</a>'.repeat(1000)}`;
      const replies: Record<string, string> = {
        deep: reply(deep('<a>')),
        attribute: reply(deep('<a x="/>">')),
        'single-quoted': reply(deep("<a x='/>'>")),
        cdata: reply(`<![CDATA[[]]>"${deep('<a>')}`),
        doctype: reply(deep('<a>'), '<!DOCTYPE MESSAGE [ "]>'),
        shallow: reply(''),
      };
      const updates: Record<string, string> = {
        'deep-json': `{"version":"9.9.9","notes":"${'['.repeat(1000)}","x":${'['.repeat(1000)}${']'.repeat(1000)}}`,
        'shallow-json': '{"version":"9.9.9","notes":"[[[["}',
      };
      for (const text of [...Object.values(replies), ...Object.values(updates)]) expect(Buffer.byteLength(text)).toBeLessThan(64 << 10);
      const standIn = createHttpServer((request, response) => {
        request.resume();
        const kind = (request.url ?? '').split('/')[1]!;
        response.writeHead(200, { 'content-type': 'text/xml' }).end(replies[kind] ?? updates[kind] ?? '');
      });
      await new Promise<void>((done) => standIn.listen(0, '127.0.0.1', done));
      const base = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
      try {
        for (const kind of ['deep', 'attribute', 'single-quoted', 'cdata', 'doctype']) {
          const renewal = await runExample({ ...computer, server: `${base}/${kind}` }, 'renew');
          expect(renewal.lines, kind).toMatchObject({ result: 'refused', renewable: 'yes' });
          expect(renewal.lines.message, kind).toMatch(/^Unexpected or corrupted reply from 127\.0\.0\.1/);
        }
        const shallow = await runExample({ ...computer, server: `${base}/shallow` }, 'renew');
        expect(shallow.lines).toMatchObject({ result: 'ok', message: 'Renewed by the stand-in.', renewable: 'yes' });

        expect((await runExample({ ...computer, server: `${base}/deep-json` }, 'update-check', '1.0.0')).exitCode).toBe(1);
        const update = await runExample({ ...computer, server: `${base}/shallow-json` }, 'update-check', '1.0.0');
        expect(update.lines).toMatchObject({ update: "Tapewarm 9.9.9 is available: what's new", notes: '[[[[' });
      } finally {
        await new Promise((done) => standIn.close(done));
      }
    });

    it('094: nestsDeeperThan follows attribute values, comments, CDATA, processing instructions and DOCTYPEs', async () => {
      // The module's check, called directly by the example's `nesting` command (8 levels at most; JUCE's parser
      // recurses once per level). "deeper" refuses the text before JUCE parses it.
      const levels = (open: string, close: string, depth: number) => open.repeat(depth) + close.repeat(depth);
      const a20 = '<a>'.repeat(20);
      const cases: Record<string, [string, 'deeper' | 'within']> = {
        'eight levels': [levels('<a>', '</a>', 8), 'within'],
        'nine levels': [levels('<a>', '</a>', 9), 'deeper'],
        'a renewal reply': [
          '<MESSAGE message="It&apos;s &quot;renewed&quot; &amp; &#10;&#x1F600; /&gt;"><KEY>#1f,2e</KEY></MESSAGE>',
          'within',
        ],
        'a refusal with a declaration': ['<?xml version="1.0" encoding="UTF-8"?>\n<ERROR error="Wrong email or password."/>', 'within'],
        'mixed content': ['<r>\n <!-- c --> text <?pi x?> <![CDATA[ <a> ]]> <b x="1"/> <c>&lt;</c>\n</r>', 'within'],
        '"/>" in a double-quoted value': [levels('<a x="/>">', '</a>', 9), 'deeper'],
        "'/>' in a single-quoted value": [levels(`<a x='/>' y="'">`, '</a>', 9), 'deeper'],
        '">" in a value': [levels('<a x=">" y=\'>\'>', '</a>', 9), 'deeper'],
        'tags in a comment': [`<r><!-- ${a20} --></r>`, 'within'],
        'tags in a CDATA section': [`<r><![CDATA[${a20}"]]></r>`, 'within'],
        'a quote after a CDATA bracket': [`<r><![CDATA[[]]>"${a20}</r>`, 'deeper'],
        'tags in a processing instruction': [`<?pi ${a20} ?><r/>`, 'within'],
        'a DOCTYPE': [`<!DOCTYPE r [ <!ENTITY e "${a20}"> ]><r>&e;</r>`, 'deeper'],
        'a quote after a DOCTYPE bracket': [`<!DOCTYPE r [ "]>${a20}`, 'deeper'],
        'an unknown reference in a value': [`<r x="&e" z=;">${a20}`, 'deeper'],
        'an unknown reference in text': [`<r>&${a20};</r>`, 'deeper'],
        'an unterminated comment': ['<r><!-- ', 'deeper'],
        'elements after the root': [`<r/>${a20}`, 'within'],
        'eight JSON levels': [levels('[', ']', 8), 'within'],
        'nine JSON levels': [levels('{"a":', '}', 9), 'deeper'],
        'brackets in JSON strings': [`{"a":"${'['.repeat(20)}","b":'${'{'.repeat(20)}',"c":"\\"${'['.repeat(20)}"}`, 'within'],
        'an escaped backslash before a closing quote': [`["\\\\",${levels('[', ']', 9)}]`, 'deeper'],
      };
      const dir = `nesting-${randomDeviceId()}`;
      await mkdir(join(workDir, dir));
      const files = Object.keys(cases).map((_, index) => `${dir}/${index}.txt`);
      await Promise.all(Object.values(cases).map(([text], index) => writeFile(join(workDir, files[index]!), text)));
      const checked = await runExample({ deviceId: randomDeviceId() }, 'nesting', ...files);
      expect(checked.exitCode).toBe(0);
      const outcomes = Object.fromEntries(Object.keys(cases).map((name, index) => [name, checked.lines[files[index]!]]));
      expect(outcomes).toEqual(Object.fromEntries(Object.entries(cases).map(([name, [, expected]]) => [name, expected])));
    });
  });

  describe('major versions (decision 036): Spacey 2 is a product of its own', () => {
    /** A Spacey owner who bought the upgrade to Spacey 2 at the upgrade price, as FastSpring's webhook delivers it. */
    const ownerWithUpgrade = async () => {
      const owner = await customerWithLicence(t!);
      const spacey2 = (await findProductByName(t!.db, 'Spacey 2'))!;
      const offers = await t!.request({ method: 'GET', url: `/api/userinfo/offers?productId=${spacey2.id}`, token: owner.token });
      const [offer] = offers.json() as { offerId: number; sourceOrderId: number }[];
      expect(offer, offers.body).toMatchObject({ sourceOrderId: owner.order.id });
      const quoted = await t!.request({
        method: 'POST',
        url: '/api/userinfo/offers/quote',
        token: owner.token,
        body: { offerId: offer!.offerId, sourceOrderId: owner.order.id, currency: 'USD' },
      });
      expect(quoted.statusCode, quoted.body).toBe(200);
      const quote = quoted.json() as { price: string; session: { items: { product: string }[]; tags: Record<string, unknown> } };
      const event = orderCompleted({ email: owner.email, items: [{ product: quote.session.items[0]!.product }], tags: quote.session.tags });
      (event.data.items as Record<string, unknown>[])[0]!.subtotal = Number(quote.price);
      expect((await postWebhook(t!.app, [event], { secret: WEBHOOK_SECRET })).statusCode).toBe(200);
      const { rows } = await t!.db.query<{ id: number }>(
        `SELECT id::int FROM orders WHERE upgraded_from_order_id = $1 AND product_id = $2 AND state = 'active'`,
        [owner.order.id, spacey2.id],
      );
      expect(rows).toHaveLength(1);
      return { ...owner, spacey2, upgradeId: rows[0]!.id };
    };
    const spacey2Computer = (spacey2: ProductRow) => ({
      deviceId: randomDeviceId(),
      product: 'Spacey 2',
      publicKey: spacey2.public_key_2048,
    });

    it('unlocks version 2 with the upgrade licence, and version 1 keeps working for its owner', async () => {
      const owner = await ownerWithUpgrade();
      const computer = spacey2Computer(owner.spacey2);
      const unlocked = await runExample(computer, 'unlock', owner.email, owner.password);
      expect(unlocked.lines).toMatchObject({
        result: 'ok',
        message: 'Thanks for registering Spacey 2! This computer is now unlocked.',
        unlocked: 'yes',
        licensed: 'yes',
      });
      expect(await countDevices(owner.upgradeId)).toBe(1);
      expect(await countDevices(owner.order.id)).toBe(0);
      // The upgraded version-1 licence still unlocks Spacey (decision 036: it keeps working for its version).
      expect((await runExample({ deviceId: computer.deviceId }, 'unlock', owner.email, owner.password)).lines).toMatchObject({
        result: 'ok',
        unlocked: 'yes',
      });
      expect(await countDevices(owner.order.id)).toBe(1);
    });

    it('refuses every version-1 key in version 2: the key files, the serial and the account without an upgrade', async () => {
      const spacey2 = (await findProductByName(t!.db, 'Spacey 2'))!;
      const owner = await customerWithLicence(t!);
      const computer = spacey2Computer(spacey2);

      // Version 1's key for this very computer, as the version-1 plug-in saved it.
      const registered = await registerDevice(t!, { ProductName: 'Spacey', Key: owner.order.serial_2048, DeviceIdHash: computer.deviceId });
      expect(registered.statusCode).toBe(200);
      const file = await writeKeyFile('spacey-1-device-key.txt', registered.json() as string);
      expect((await runExample({ deviceId: computer.deviceId }, 'apply', file)).lines).toMatchObject({ result: 'ok', unlocked: 'yes' });
      const applied = await runExample(computer, 'apply', file);
      expect(applied.lines).toMatchObject({ result: 'refused', unlocked: 'no', licensed: 'no' });
      expect(applied.lines.message).toBe('This file is not a key file of Spacey 2.');
      // JUCE's own applyKeyFile refuses it too: Spacey 2 has key pairs of its own.
      expect((await runExample(computer, 'apply-stock', file)).lines).toMatchObject({ unlocked: 'no', licensed: 'no' });

      const serial = await runExample(computer, 'register', await writeKeyFile('Spacey_SerialKey.txt', owner.order.serial_2048));
      expect(serial.lines).toMatchObject({ result: 'refused', unlocked: 'no' });
      expect(serial.lines.message).toBe('This key does not belong to an active licence of Spacey 2.');

      const account = await runExample(computer, 'unlock', owner.email, owner.password);
      expect(account.lines).toMatchObject({ result: 'refused', unlocked: 'no' });
      expect(account.lines.message).toBe(`The account ${owner.email} has no active licence of Spacey 2.`);
      expect(await countDevices(owner.order.id)).toBe(1);
    });
  });
});
