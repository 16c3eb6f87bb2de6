/**
 * Ingestion learns a release folder's audio (issue 25: decodes, and for how long) in one
 * ffmpeg run, not one per file: each ffmpeg start costs about 0.12 s of CPU here. A file
 * that does not decode fails the run as a whole; each file is then decoded on its own, so
 * the one that does not is named and the others keep their durations. Real ffmpeg,
 * started through a script that counts its runs.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { AUDIO_FACTS_PER_RUN, audioFactsOf } from '../../server/ingest/files';
import { countingFfmpeg, soxi, tempDir, tone } from '../fixtures/audio';

const { dir, cleanup } = tempDir('audio-facts-');
afterAll(cleanup);
const ffmpeg = countingFfmpeg(dir);
beforeEach(ffmpeg.reset);

const decoded = (f: string) => ({ seconds: soxi(f).samples / soxi(f).rate });

describe('audio facts of a release folder', () => {
  it('one ffmpeg run decodes every file and gives each its duration, in order', async () => {
    const files = [
      tone(dir, { name: 'a.wav', seconds: 1.5, bits: 24, rate: 96000 }),
      tone(dir, { name: 'b.flac', seconds: 0.25 }),
      tone(dir, { name: 'c.aiff', seconds: 2.2, rate: 48000 }),
    ];
    expect(await audioFactsOf(files, undefined, ffmpeg.path)).toEqual(files.map(decoded));
    expect(ffmpeg.runs()).toBe(1);
  });

  it('a file that does not decode is named, the others keep their durations (then one run each)', async () => {
    const bad = join(dir, 'bad.wav');
    writeFileSync(bad, 'not audio at all');
    const [a, b] = [tone(dir, { name: 'ok-a.wav', seconds: 1 }), tone(dir, { name: 'ok-b.flac', seconds: 0.5 })];
    expect(await audioFactsOf([a, bad, b], undefined, ffmpeg.path)).toEqual([
      decoded(a),
      { error: 'the audio does not decode' },
      decoded(b),
    ]);
    expect(ffmpeg.runs()).toBe(1 + 3);
  });

  it(`more than ${AUDIO_FACTS_PER_RUN} files: one run per ${AUDIO_FACTS_PER_RUN}; a single file: one run`, async () => {
    const files = Array.from({ length: AUDIO_FACTS_PER_RUN + 1 }, (_, i) =>
      tone(dir, { name: `many-${i}.wav`, seconds: 0.05, channels: 1 }),
    );
    const facts = await audioFactsOf(files, undefined, ffmpeg.path);
    expect(facts).toHaveLength(files.length);
    expect(facts.at(-1)).toEqual(decoded(files.at(-1)!));
    expect(ffmpeg.runs()).toBe(2);
    ffmpeg.reset();
    expect(await audioFactsOf([files[0]], undefined, ffmpeg.path)).toEqual([{ seconds: expect.closeTo(0.05, 2) as number }]);
    expect(ffmpeg.runs()).toBe(1);
  });
});
