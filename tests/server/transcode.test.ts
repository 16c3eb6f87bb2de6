/**
 * The encoder on real audio: sox-made WAV, FLAC and AIFF sources, every §9 format made
 * by ffmpeg, and ffprobe (Debian ffmpeg) checking each output's codec, bit rate and
 * duration against the source (within 50 ms; MP3's duration counted from its first
 * sample, as ffprobe's start_time gives the encoder delay gapless players skip).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  decodedSeconds,
  ENCODES,
  failedOutputIndex,
  findFfmpeg,
  headerBits,
  probe,
  TranscodeError,
  transcode,
} from '../../server/jobs/transcode';
import { reencodeFailure } from '../../server/jobs/encode';
import { sineWav } from '../../server/seed/audio';
import { AUDIO_FORMAT } from '../../shared/vocabularies';
import { countingFfmpeg, encodeProblems, soxi, tempDir, tone } from '../fixtures/audio';

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

describe.each([
  { ffmpeg: 'the system ffmpeg', path: () => findFfmpeg() },
  { ffmpeg: 'the ffmpeg the registry package ships', path: () => findFfmpeg({ PATH: '/nonexistent' }) },
])('decoded durations, with $ffmpeg', ({ path }) => {
  it('one run decodes several files and answers the duration of each, in order, to the sample', async () => {
    const files = [
      tone(dir, { name: 'd-a.wav', seconds: 1.5, bits: 24, rate: 96000 }),
      tone(dir, { name: 'd-b.flac', seconds: 0.25, rate: 44100 }),
      tone(dir, { name: 'd-c.aiff', seconds: 3.1, rate: 48000 }),
      tone(dir, { name: 'd-d.wav', seconds: 2, rate: 22050, channels: 1 }),
    ];
    const seconds = await decodedSeconds(files, undefined, path());
    expect(seconds).toEqual(files.map((f) => soxi(f).samples / soxi(f).rate));
  });

  it('a file that is not audio is a TranscodeError', async () => {
    const bad = join(dir, 'd-bad.wav');
    writeFileSync(bad, 'not audio at all');
    await expect(decodedSeconds([tone(dir, { name: 'd-ok.wav', seconds: 1 }), bad], undefined, path())).rejects.toBeInstanceOf(
      TranscodeError,
    );
  });
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

it("an encode ffmpeg refuses for one format names that format (a re-encode's error says which one failed)", async () => {
  // FLAC takes no 768 kHz: ffmpeg fails that output ("output stream #0:0", ffmpeg 5; "[aost#0:0/flac", 6 and later).
  const source = join(dir, 'hi-rate.wav');
  writeFileSync(source, sineWav(220, 1, 768_000));
  const out = join(dir, 'hi-rate');
  mkdirSync(out);
  const err = await transcode(source, out).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(TranscodeError);
  expect((err as TranscodeError).format).toBe('flac');
  expect(failedOutputIndex('Error initializing output stream 3:0 -- Error while opening encoder for output stream #3:0')).toBe(3);
  expect(failedOutputIndex('[aost#2:0/libmp3lame @ 0x55] Error while opening encoder')).toBe(2);
  expect(failedOutputIndex('[out#5/mp4 @ 0x1] Error writing trailer')).toBe(5);
  // A warning about another output before the error is not the failure.
  expect(failedOutputIndex('[aost#4:0/aac @ 0x2] Too many bits\n[aost#1:0/wav @ 0x3] Error while opening encoder')).toBe(1);
  expect(failedOutputIndex('Invalid data found when processing input')).toBeNull();
  expect(
    reencodeFailure([
      {
        track: 'Track 7 “Night”',
        format: 'flac',
        error: 'ffmpeg failed (1): [flac @ 0x55d0aa] 768000 Hz not supported | Conversion failed!',
      },
    ]),
  ).toBe(
    'The re-encode was not applied; the previous encodes are kept and still served. Track 7 “Night” could not be encoded to flac: ffmpeg failed (1): [flac] 768000 Hz not supported | Conversion failed!',
  );
}, 30_000);

describe("the source's bit depth, read from its header (no ffmpeg start)", () => {
  it.each([
    { name: 'h16.wav', bits: 16 },
    { name: 'h24.wav', bits: 24 },
    { name: 'h32.wav', bits: 32 },
    { name: 'h8.wav', bits: 8, channels: 1 },
    { name: 'hf32.wav', bits: 32, encoding: 'floating-point' },
    { name: 'h16.flac', bits: 16 },
    { name: 'h24.flac', bits: 24 },
    { name: 'h16.aiff', bits: 16 },
    { name: 'h24.aifc', bits: 24 },
  ])('$name: what probe reads', async (spec) => {
    const file = tone(dir, { name: spec.name, seconds: 0.2, bits: spec.bits, channels: spec.channels, encoding: spec.encoding });
    expect(await headerBits(file)).toBe((await probe(file)).bits);
  });

  it('a file that is not audio: null (the encode probes it, and fails as before)', async () => {
    const bad = join(dir, 'h-bad.wav');
    writeFileSync(bad, 'not audio at all');
    expect(await headerBits(bad)).toBeNull();
  });

  it('an encode starts ffmpeg twice: the encode, then one decode of the source and every output', async () => {
    const ffmpeg = countingFfmpeg(dir);
    const out = join(dir, 'counted');
    mkdirSync(out);
    const encoded = await transcode(tone(dir, { name: 'counted.flac', seconds: 1.2, bits: 24 }), out, undefined, ffmpeg.path);
    expect(encoded.map((e) => e.format)).toEqual(ENCODES.map((e) => e.format));
    expect(ffmpeg.runs()).toBe(2);
  });
});
