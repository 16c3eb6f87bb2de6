/**
 * The encoder on real audio: sox-made WAV, FLAC and AIFF sources, every §9 format made
 * by ffmpeg, and ffprobe (Debian ffmpeg) checking each output's codec, bit rate and
 * duration against the source (within 50 ms; MP3's duration counted from its first
 * sample, as ffprobe's start_time gives the encoder delay gapless players skip).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENCODES, findFfmpeg, TranscodeError, transcode } from '../../server/jobs/transcode';
import { AUDIO_FORMAT } from '../../shared/vocabularies';
import { encodeProblems, soxi, tempDir, tone } from '../fixtures/audio';

const { dir, cleanup } = tempDir('transcode-');
afterAll(cleanup);

describe.each([
  { name: 'wav24.wav', seconds: 7.3, bits: 24, rate: 96000 },
  { name: 'cd.flac', seconds: 5.2, bits: 16, rate: 44100 },
  { name: 'plain.aiff', seconds: 4.05, bits: 16, rate: 48000 },
])('transcoding $name', (spec) => {
  it('writes every §9 format: codec, bit rate and duration as ffprobe reads them', async () => {
    // Pink noise, not a sine: a tone gives AAC too little to spend its bit rate on.
    const source = tone(dir, { name: spec.name, seconds: spec.seconds, bits: spec.bits, rate: spec.rate, noise: true });
    const src = soxi(source);
    const out = join(dir, spec.name.replace('.', '-'));
    mkdirSync(out);
    const encoded = await transcode(source, out);
    expect(encoded.map((e) => e.format)).toEqual(ENCODES.map((e) => e.format));
    for (const e of encoded) {
      expect(e.suffix).toBe(AUDIO_FORMAT.find((f) => f.value === e.format)!.suffix);
      expect(encodeProblems(e.format, e.path, { seconds: src.seconds, bits: spec.bits, rate: spec.rate })).toEqual([]);
    }
  }, 60_000);
});

it('a source that is not audio is a TranscodeError, not a crash', async () => {
  const bad = join(dir, 'bad.wav');
  execFileSync('sh', ['-c', `head -c 4096 /dev/urandom > '${bad}'`]);
  const out = join(dir, 'bad');
  mkdirSync(out);
  await expect(transcode(bad, out)).rejects.toBeInstanceOf(TranscodeError);
});

it('a stop kills ffmpeg: the run rejects as aborted', async () => {
  const source = tone(dir, { name: 'long.wav', seconds: 60, bits: 24, rate: 96000 });
  const out = join(dir, 'stopped');
  mkdirSync(out);
  const ac = new AbortController();
  setTimeout(() => ac.abort(), 300);
  await expect(transcode(source, out, ac.signal)).rejects.toMatchObject({ name: 'AbortError' });
}, 30_000);

it('uses the system ffmpeg on PATH, else the one the @ffmpeg-installer registry package ships (no install script: it comes executable)', () => {
  expect(findFfmpeg({ PATH: '/usr/bin' })).toBe('/usr/bin/ffmpeg');
  const shipped = findFfmpeg({ PATH: '/nonexistent' });
  expect(shipped).toMatch(/node_modules\/@ffmpeg-installer\/[\w-]+\/ffmpeg(\.exe)?$/);
  const encoders = execFileSync(shipped, ['-hide_banner', '-encoders'], { encoding: 'utf8' });
  for (const codec of ['libmp3lame', 'aac', 'flac', 'pcm_s24be']) expect(encoders).toContain(` ${codec} `);
  expect(findFfmpeg({ PATH: '', FFMPEG_PATH: '/opt/ff' })).toBe('/opt/ff');
});
