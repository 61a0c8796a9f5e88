/**
 * French speech for Asterisk (README of plugins/pbx « TTS »): espeak-ng (Debian, voice `fr`) renders a
 * sentence to WAV, resampled here to Asterisk's signed linear 8 kHz (`.sln`), cached by the SHA-256 of
 * voice and text: a sentence is rendered once, whoever asks, even at the same moment.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface TtsOptions {
  /** folder Asterisk can read (the bridge runs on the Asterisk host) */
  dir: string;
  voice?: string;
  /** words per minute (espeak-ng -s) */
  speed?: number;
  espeak?: string;
}

const ASTERISK_RATE = 8000;

/** The PCM samples of a 16-bit mono WAV (espeak-ng's output), and its sample rate. */
export function readWav(bytes: Buffer): { rate: number; samples: Int16Array } {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a WAV file');
  let offset = 12; let rate = 0;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    let size = bytes.readUInt32LE(offset + 4);
    if (id === 'fmt ') rate = bytes.readUInt32LE(offset + 12);
    if (id === 'data') {
      // espeak-ng writing to a pipe leaves the size at its maximum: the data runs to the end
      if (size === 0 || offset + 8 + size > bytes.length) size = bytes.length - offset - 8;
      const data = bytes.subarray(offset + 8, offset + 8 + (size & ~1));
      const samples = new Int16Array(data.length / 2);
      for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(i * 2);
      return { rate, samples };
    }
    offset += 8 + size + (size & 1);
  }
  throw new Error('WAV without data');
}

/** Box-filtered resampling (averaging the source samples each output sample covers): enough for a voice at 8 kHz. */
export function resample(samples: Int16Array, from: number, to: number): Int16Array {
  if (from === to) return samples;
  const out = new Int16Array(Math.floor((samples.length * to) / from));
  const ratio = from / to;
  for (let i = 0; i < out.length; i++) {
    const a = Math.floor(i * ratio); const b = Math.max(a + 1, Math.floor((i + 1) * ratio));
    let sum = 0;
    for (let j = a; j < b && j < samples.length; j++) sum += samples[j];
    out[i] = Math.round(sum / (b - a));
  }
  return out;
}

function espeak(bin: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(bin, args, { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024, timeout: 30_000 }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
  });
}

export function createTts(options: TtsOptions) {
  const voice = options.voice ?? 'fr';
  const speed = options.speed ?? 160;
  const bin = options.espeak ?? 'espeak-ng';
  const inFlight = new Map<string, Promise<string>>();
  let rendered = 0;

  const keyOf = (text: string) => createHash('sha256').update(`${voice}\n${speed}\n${text}`).digest('hex').slice(0, 32);

  async function render(text: string, base: string): Promise<string> {
    const file = `${base}.sln`;
    try {
      await fs.access(file);
      return base;
    } catch { /* not cached yet */ }
    await fs.mkdir(options.dir, { recursive: true });
    // the text goes as one argument after `--`: never read as an option, never through a shell
    const wav = await espeak(bin, ['-v', voice, '-s', String(speed), '--stdout', '--', text]);
    const { rate, samples } = readWav(wav);
    const pcm = resample(samples, rate, ASTERISK_RATE);
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(tmp, Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength));
    await fs.rename(tmp, file);
    rendered++;
    return base;
  }

  return {
    /** The file to play (path without extension, as STREAM FILE takes it), rendered if not cached. */
    speak(text: string): Promise<string> {
      const base = path.join(options.dir, `comptoir-tts-${keyOf(text)}`);
      let p = inFlight.get(base);
      if (!p) {
        p = render(text, base).finally(() => inFlight.delete(base));
        inFlight.set(base, p);
      }
      return p;
    },
    /** how many sentences this process rendered (the others came from the cache) */
    get rendered() { return rendered; },
  };
}

export type Tts = ReturnType<typeof createTts>;
