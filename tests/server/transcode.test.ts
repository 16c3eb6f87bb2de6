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
import { ENCODES, findFfmpeg, PREVIEW_SECONDS, TranscodeError, transcode } from '../../server/jobs/transcode';
import { AUDIO_FORMAT } from '../../shared/vocabularies';
import { soxi, tempDir, tone } from '../fixtures/audio';

const { dir, cleanup } = tempDir('transcode-');
afterAll(cleanup);

interface Probe { codec: string; bitRate: number; duration: number; start: number; sampleRate: number; bits: number }
function ffprobe(file: string): Probe {
  const j = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,bit_rate,sample_rate,bits_per_raw_sample,bits_per_sample:format=duration,start_time', '-of', 'json', file], { encoding: 'utf8' })) as {
    streams: Array<Record<string, string | number>>; format: { duration: string; start_time?: string };
  };
  const s = j.streams[0];
  return {
    codec: String(s.codec_name), bitRate: Number(s.bit_rate), sampleRate: Number(s.sample_rate),
    bits: Number(s.bits_per_raw_sample) || Number(s.bits_per_sample), duration: Number(j.format.duration), start: Number(j.format.start_time ?? 0),
  };
}

const CODECS: Record<string, string> = { flac: 'flac', 'preview-mp3': 'mp3', mp3: 'mp3', 'aac-128': 'aac', 'aac-256': 'aac', 'preview-mp4': 'aac' };

describe.each([
  { name: 'wav24.wav', seconds: 7.3, bits: 24, rate: 96000 },
  { name: 'cd.flac', seconds: 5.2, bits: 16, rate: 44100 },
  { name: 'plain.aiff', seconds: 4.05, bits: 16, rate: 48000 },
])('transcoding $name', (spec) => {
  it('writes every §9 format: codec, bit rate and duration as ffprobe reads them', async () => {
    // Pink noise, not a sine: a tone gives AAC too little to spend its bit rate on.
    const source = join(dir, spec.name);
    execFileSync('sox', ['-n', '-r', String(spec.rate), '-b', String(spec.bits), '-c', '2', source, 'synth', String(spec.seconds), 'pinknoise', 'vol', '0.5'], { stdio: 'pipe' });
    const src = soxi(source);
    const out = join(dir, spec.name.replace('.', '-'));
    mkdirSync(out);
    const encoded = await transcode(source, out);
    expect(encoded.map((e) => e.format)).toEqual(ENCODES.map((e) => e.format));
    for (const e of encoded) {
      const p = ffprobe(e.path);
      const enc = ENCODES.find((x) => x.format === e.format)!;
      expect(e.suffix).toBe(AUDIO_FORMAT.find((f) => f.value === e.format)!.suffix);
      if (e.format === 'wav') expect([p.codec, p.bits, p.sampleRate]).toEqual([`pcm_s${spec.bits}le`, spec.bits, spec.rate]);
      else if (e.format === 'aiff') expect([p.codec, p.bits, p.sampleRate]).toEqual([`pcm_s${spec.bits}be`, spec.bits, spec.rate]);
      else expect(p.codec).toBe(CODECS[e.format]);
      if (e.format === 'flac') expect([p.bits, p.sampleRate]).toEqual([spec.bits, spec.rate]);
      if (enc.kbps) {
        // CBR MP3 exactly; AAC's average within 15 % of its target
        if (p.codec === 'mp3') expect(p.bitRate).toBe(enc.kbps * 1000);
        else expect(Math.abs(p.bitRate - enc.kbps * 1000)).toBeLessThan(enc.kbps * 150);
      }
      const want = enc.preview ? Math.min(PREVIEW_SECONDS, src.seconds) : src.seconds;
      expect(Math.abs(p.duration - p.start - want), `${e.format}: ${p.duration} - ${p.start} vs ${want}`).toBeLessThanOrEqual(0.05);
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
