/**
 * The SFTP drop server (server/sftp) with the real OpenSSH client (Debian openssh-client):
 * a supplier's SFTP user uploads a DDEX batch with its key, and one `ingest-batch` job is
 * queued, only once BatchComplete has arrived; paths out of the supplier's folder are
 * refused; a killed upload leaves nothing in the batch.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, hashToken } from '../../server/auth/crypto';
import { HOST_KEY_FILE, INCOMING_DIR, loadHostKey, virtualSegments } from '../../server/sftp/drop-server';
import { inState } from '../../server/ingest/batch';
import { newSshKeyPair, sshKeyLoads } from '../../shared/packaging/ssh-key';
import { INGEST_BATCH_JOB } from '../../shared/api/endpoints/jobs';
import { tempDir } from '../fixtures/audio';
import { waitFor } from './job-kinds';
import { startTestServer, type RunningServer } from './helpers';

const { utils } = ssh2;
const hasSftp = spawnSync('sftp', ['-V'], { encoding: 'utf8' }).error === undefined;
if (!hasSftp) console.warn('[sftp-drop.test] skipped: the OpenSSH client (Debian openssh-client) is not installed');

const { dir, cleanup } = tempDir('sftp-drop-');
let server: RunningServer;
let drop: string;
const keyFile = join(dir, 'id_ed25519');
const knownHosts = join(dir, 'known_hosts');
const SUPPLIER = 1;
const OTHER_SUPPLIER = 2;

async function addUser(supplierId: number, username: string, password: string | null, publicKeyLine?: string) {
  const [u] = await server.db.query<{ id: number }>(
    'insert into ftp_users (supplier_id, username, password_hash) values ($1, $2, $3) returning id',
    [supplierId, username, password ? await hashPassword(password) : null],
  );
  if (publicKeyLine) {
    const [algorithm, data] = publicKeyLine.trim().split(/\s+/);
    await server.db.query('insert into ftp_user_keys (ftp_user_id, algorithm, key_data, fingerprint) values ($1, $2, $3, $4)', [
      u.id,
      algorithm,
      data,
      'test',
    ]);
  }
  return u.id;
}

/** Runs sftp (asynchronously: the server runs in this process) and answers its exit code and output. */
function run(args: string[], env?: NodeJS.ProcessEnv, input = ''): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sftp', args, { cwd: dir, env: env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.end(input);
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

/** Runs an sftp batch (one command a line; a leading `-` lets a command fail). */
function sftpBatch(user: string, commands: string[]) {
  const batch = join(dir, `batch-${Math.random().toString(36).slice(2)}`);
  writeFileSync(batch, commands.join('\n') + '\n');
  return run([...sshArgs(), '-b', batch, `${user}@127.0.0.1`]);
}

function sshArgs() {
  return [
    '-F',
    '/dev/null',
    '-i',
    keyFile,
    '-P',
    String(server.sftp!.port),
    '-o',
    'IdentitiesOnly=yes',
    '-o',
    'BatchMode=yes',
    '-o',
    `UserKnownHostsFile=${knownHosts}`,
    '-o',
    'StrictHostKeyChecking=yes',
  ];
}

const ingestJobs = () =>
  server.db.query<{ id: number; state: string; payload: { supplier_id: number; batch_dir: string } }>(
    'select id, state, payload from jobs where kind = $1 order by id',
    [INGEST_BATCH_JOB],
  );

describe.skipIf(!hasSftp)('SFTP drop server with the OpenSSH client', () => {
  beforeAll(async () => {
    server = await startTestServer({ sftp: {}, worker: false });
    drop = server.sftp!.dropDir;
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', keyFile]);
    writeFileSync(knownHosts, `[127.0.0.1]:${server.sftp!.port} ${server.sftp!.hostPublicKey.trim()}\n`);
    await addUser(SUPPLIER, 'acme', 'acme-password', readFileSync(`${keyFile}.pub`, 'utf8'));
    await addUser(OTHER_SUPPLIER, 'other', 'other-password');
    // Files the first supplier's user must never reach: the other supplier's folder and one outside the drop root.
    mkdirSync(join(drop, String(OTHER_SUPPLIER)), { recursive: true });
    writeFileSync(join(drop, String(OTHER_SUPPLIER), 'secret.xml'), 'OTHER-SUPPLIER-SECRET');
    writeFileSync(join(dir, 'outside.txt'), 'OUTSIDE-CONTENT');
    for (const [name, body] of [
      ['release.xml', '<ern/>'],
      ['track.wav', 'RIFF....WAVE'],
      ['BatchComplete.xml', '<BatchComplete/>'],
    ]) {
      writeFileSync(join(dir, name), body);
    }
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    cleanup();
  });

  it('uploads a batch with the supplier key and queues ingest-batch once, only after BatchComplete', async () => {
    const B = '20261124120000000';
    const first = await sftpBatch('acme', [
      `mkdir ${B}`,
      `mkdir ${B}/5012345678900`,
      `mkdir ${B}/5012345678900/resources`,
      `put release.xml ${B}/5012345678900/5012345678900.xml`,
      `put track.wav ${B}/5012345678900/resources/5012345678900_01_001.wav`,
      `ls ${B}/5012345678900`,
    ]);
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain('5012345678900.xml');
    const root = join(drop, String(SUPPLIER));
    expect(readFileSync(join(root, B, '5012345678900', 'resources', '5012345678900_01_001.wav'), 'utf8')).toBe('RIFF....WAVE');
    // Not complete yet: nothing queued.
    expect(await ingestJobs()).toEqual([]);

    const done = await sftpBatch('acme', [`put BatchComplete.xml ${B}/BatchComplete_${B}.xml`]);
    expect(done.code, done.out).toBe(0);
    const jobs = await waitFor(async () => {
      const j = await ingestJobs();
      return j.length ? j : null;
    });
    expect(jobs).toHaveLength(1);
    // No worker runs in this test server: the job waits.
    expect(jobs[0]).toMatchObject({ state: 'PENDING', payload: { supplier_id: SUPPLIER, batch_dir: join(root, B) } });

    // The batch is sealed: BatchComplete again, a new file, a removal are refused; still one job.
    const again = await sftpBatch('acme', [
      `-put BatchComplete.xml ${B}/BatchComplete_${B}.xml`,
      `-put track.wav ${B}/5012345678900/resources/late.wav`,
      `-rm ${B}/5012345678900/5012345678900.xml`,
      `-rename ${B} renamed`,
    ]);
    expect(again.out).toMatch(/Permission denied/);
    expect(existsSync(join(root, B, '5012345678900', 'resources', 'late.wav'))).toBe(false);
    expect(existsSync(join(root, B, '5012345678900', '5012345678900.xml'))).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(await ingestJobs()).toHaveLength(1);
  });

  it('a BatchComplete sent before the files: the job is queued at once, the batch stays open, and the file that completes it seals it', async () => {
    const B = '20261128090000000';
    const R = '5012345678917';
    // The smallest message that names one audio file (ingestion validates it later, not the drop).
    writeFileSync(
      join(dir, 'early.xml'),
      `<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43"><ResourceList><SoundRecording>
      <ResourceReference>A1</ResourceReference><SoundRecordingEdition><TechnicalDetails><DeliveryFile><File><URI>resources/${R}_01_001.wav</URI></File>
      </DeliveryFile></TechnicalDetails></SoundRecordingEdition></SoundRecording></ResourceList><ReleaseList><Release><ResourceGroup><ResourceGroupContentItem>
      <ReleaseResourceReference>A1</ReleaseResourceReference></ResourceGroupContentItem></ResourceGroup></Release></ReleaseList></ern:NewReleaseMessage>`,
    );
    const before = (await ingestJobs()).length;
    const early = await sftpBatch('acme', [
      `mkdir ${B}`,
      `mkdir ${B}/${R}`,
      `mkdir ${B}/${R}/resources`,
      `put early.xml ${B}/${R}/${R}.xml`,
      `put BatchComplete.xml ${B}/BatchComplete_${B}.xml`,
    ]);
    expect(early.code, early.out).toBe(0);
    const root = join(drop, String(SUPPLIER));
    // Queued at once, so the delivery is recorded with what it waits for; the batch is not sealed.
    await waitFor(async () => (await ingestJobs()).length === before + 1);
    expect(inState(join(root, B), 'waiting')).toBe(true);
    const late = await sftpBatch('acme', [`put track.wav ${B}/${R}/resources/${R}_01_001.wav`]);
    expect(late.code, late.out).toBe(0);
    expect(late.out).not.toMatch(/Permission denied/);
    // That file completed it: no longer waiting, sealed.
    expect(inState(join(root, B), 'waiting')).toBe(false);
    const after = await sftpBatch('acme', [`-put track.wav ${B}/${R}/resources/extra.wav`]);
    expect(after.out).toMatch(/Permission denied/);
    expect(existsSync(join(root, B, R, 'resources', 'extra.wav'))).toBe(false);
  });

  it('a BatchComplete outside its batch folder, or of another batch, queues nothing', async () => {
    const before = (await ingestJobs()).length;
    const r = await sftpBatch('acme', [
      'mkdir X1',
      'put BatchComplete.xml X1/BatchComplete_X2.xml',
      'put BatchComplete.xml BatchComplete_X1.xml',
    ]);
    expect(r.code, r.out).toBe(0);
    await new Promise((res) => setTimeout(res, 300));
    expect(await ingestJobs()).toHaveLength(before);
  });

  it('signs in with the password, or the supplier ingester key, and refuses a wrong one or a disabled user', async () => {
    const key = 'ingester-key-for-the-test';
    await server.db.query('update suppliers set ingester_key = $2 where id = $1', [SUPPLIER, hashToken(key)]);
    const withPassword = async (user: string, password: string) => {
      // sshpass is not needed: OpenSSH reads the password from SSH_ASKPASS when forced.
      const askpass = join(dir, `askpass-${Math.random().toString(36).slice(2)}`);
      writeFileSync(askpass, `#!/bin/sh\necho '${password}'\n`, { mode: 0o700 });
      // Not -b (batch mode turns password sign-in off): the commands come on stdin.
      const r = await run(
        [
          '-F',
          '/dev/null',
          '-P',
          String(server.sftp!.port),
          '-o',
          'PubkeyAuthentication=no',
          '-o',
          'PreferredAuthentications=password',
          '-o',
          'NumberOfPasswordPrompts=1',
          '-o',
          `UserKnownHostsFile=${knownHosts}`,
          '-o',
          'StrictHostKeyChecking=yes',
          `${user}@127.0.0.1`,
        ],
        { ...process.env, SSH_ASKPASS: askpass, SSH_ASKPASS_REQUIRE: 'force', DISPLAY: ':0' },
        'ls\n',
      );
      return r.code;
    };
    expect(await withPassword('acme', 'acme-password')).toBe(0);
    expect(await withPassword('acme', key)).toBe(0);
    expect(await withPassword('acme', 'wrong')).not.toBe(0);
    // The ingester key is the supplier's: another supplier's user cannot use it.
    expect(await withPassword('other', key)).not.toBe(0);
    await server.db.query("update ftp_users set enabled = false where username = 'other'");
    expect(await withPassword('other', 'other-password')).not.toBe(0);
    await server.db.query("update ftp_users set enabled = true where username = 'other'");
    expect(await withPassword('other', 'other-password')).toBe(0);
  });

  it('refuses paths out of the supplier folder: .., other suppliers, symlinks out', async () => {
    const root = join(drop, String(SUPPLIER));
    mkdirSync(root, { recursive: true });
    symlinkSync(join(dir, 'outside.txt'), join(root, 'link-out.txt'));
    symlinkSync(dir, join(root, 'dir-out'));
    const r = await sftpBatch('acme', [
      '-get ../2/secret.xml got1.xml',
      '-get /../2/secret.xml got2.xml',
      '-get ../../outside.txt got3.xml',
      '-get link-out.txt got4.xml',
      '-ls dir-out',
      '-put release.xml dir-out/planted.xml',
      '-put release.xml ../2/planted.xml',
      '-put release.xml /../planted.xml',
      '-symlink /etc/passwd passwd',
      '-rename link-out.txt moved.txt',
      '-ls ..',
      'pwd',
    ]);
    expect(r.code, r.out).toBe(0);
    for (const f of ['got1.xml', 'got2.xml', 'got3.xml', 'got4.xml']) expect(existsSync(join(dir, f)), f).toBe(false);
    expect(existsSync(join(dir, 'planted.xml'))).toBe(false);
    expect(existsSync(join(drop, String(OTHER_SUPPLIER), 'planted.xml'))).toBe(false);
    expect(existsSync(join(drop, 'planted.xml'))).toBe(false);
    expect(existsSync(join(root, 'passwd'))).toBe(false);
    // Nothing out there was listed (a listing line ends with the name).
    expect(r.out).not.toMatch(/^[-dl][-rwx]{9} .* (outside\.txt|secret\.xml|big\.wav)$/m);
    expect(r.out).toMatch(/"\/\.\.\/2\/planted\.xml": Permission denied/);
    expect(r.out).toContain('Remote working directory: /');
  });

  it('a killed upload leaves no file in the batch and no temporary file', async () => {
    const B = '20261124130000000';
    const big = join(dir, 'big.wav');
    writeFileSync(big, Buffer.alloc(4 * 1024 * 1024, 7));
    expect((await sftpBatch('acme', [`mkdir ${B}`])).code).toBe(0);
    const batch = join(dir, 'slow-batch');
    writeFileSync(batch, `put big.wav ${B}/big.wav\nput BatchComplete.xml ${B}/BatchComplete_${B}.xml\n`);
    // 800 Kbit/s: the upload takes about 40 s; it is killed once bytes have arrived.
    const child = spawn('sftp', [...sshArgs(), '-l', '800', '-b', batch, 'acme@127.0.0.1'], { cwd: dir, stdio: 'ignore' });
    const incoming = join(drop, INCOMING_DIR);
    await waitFor(async () => readdirSync(incoming).some((f) => statSync(join(incoming, f)).size > 0));
    child.kill('SIGKILL');
    await waitFor(async () => readdirSync(incoming).length === 0);
    expect(existsSync(join(drop, String(SUPPLIER), B, 'big.wav'))).toBe(false);
    expect((await ingestJobs()).some((j) => j.payload.batch_dir.endsWith(B))).toBe(false);

    // Resumed whole afterwards, the file arrives complete.
    const r = await sftpBatch('acme', [`put big.wav ${B}/big.wav`]);
    expect(r.code, r.out).toBe(0);
    expect(statSync(join(drop, String(SUPPLIER), B, 'big.wav')).size).toBe(4 * 1024 * 1024);
  });
});

describe('SFTP host key', () => {
  it('is generated once into its folder and kept across starts', async () => {
    const { dir: keys, cleanup: done } = tempDir('sftp-key-');
    try {
      const first = await loadHostKey(keys);
      const second = await loadHostKey(keys);
      expect(second).toEqual(first);
      expect(first.public).toMatch(/^ssh-ed25519 /);
      expect(statSync(join(keys, HOST_KEY_FILE)).mode & 0o777).toBe(0o600);
    } finally {
      done();
    }
  });

  it('starts at once on an empty folder agree on one whole key (none reads a half-written file)', async () => {
    const { dir: keys, cleanup: done } = tempDir('sftp-key-');
    try {
      const all = await Promise.all(Array.from({ length: 6 }, () => loadHostKey(keys)));
      for (const key of all) {
        expect(key.private).toMatch(/^-----BEGIN OPENSSH PRIVATE KEY-----/);
        expect(key).toEqual(all[0]);
      }
      expect(readFileSync(join(keys, `${HOST_KEY_FILE}.pub`), 'utf8')).toBe(`${all[0].public}\n`);
      expect(readdirSync(keys).sort()).toEqual([HOST_KEY_FILE, `${HOST_KEY_FILE}.pub`].sort());
    } finally {
      done();
    }
  });

  it('every new key is one ssh2 can load (the generator spoils about 1 in 256), and a spoilt stored one is replaced', async () => {
    for (let i = 0; i < 1500; i++) {
      expect(sshKeyLoads(newSshKeyPair())).toBe(true);
    }
    const { dir: keys, cleanup: done } = tempDir('sftp-key-');
    try {
      writeFileSync(join(keys, HOST_KEY_FILE), '-----BEGIN OPENSSH PRIVATE KEY-----\nAAAA\n-----END OPENSSH PRIVATE KEY-----\n', {
        mode: 0o600,
      });
      const key = await loadHostKey(keys);
      expect(utils.parseKey(key.private) instanceof Error).toBe(false);
      expect(await loadHostKey(keys)).toEqual(key);
    } finally {
      done();
    }
  });

  it('virtual paths: .. above / is refused, not clamped', () => {
    expect(virtualSegments('/a/./b/../c')).toEqual(['a', 'c']);
    expect(virtualSegments('a//b/')).toEqual(['a', 'b']);
    expect(virtualSegments('/..')).toBeNull();
    expect(virtualSegments('/a/../../b')).toBeNull();
    expect(virtualSegments('/a\\..\\b')).toBeNull();
  });
});
