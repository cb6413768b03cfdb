/**
 * Short, soft melodies: a major pentatonic line over a I–V–vi–IV bass, with plucked
 * envelopes, two quiet harmonics and a light echo. The same seed always gives the same tune.
 */
import { seededRandom } from '../../../lib/node/seededRandom.ts';

export interface Tune {
  samples: Float32Array;
  sampleRate: number;
  /** Seconds per bar of four beats; the lyrics change once a bar. */
  barSeconds: number;
  /** Bars with melody; one more bar of ringing follows. */
  bars: number;
}

const PENTATONIC = [0, 2, 4, 7, 9];
const PROGRESSION = [0, 7, 9, 5];
const RHYTHMS = [
  [1, 1, 1, 1],
  [2, 1, 1],
  [1, 1, 2],
  [1.5, 0.5, 1, 1],
  [2, 2],
  [0.5, 0.5, 1, 2],
];
const SCALE_STEPS = 10; // two octaves of the pentatonic scale

const semitoneOf = (step: number) => 12 * Math.floor(step / 5) + PENTATONIC[step % 5];
const frequency = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

function chordTones(root: number): number[] {
  const classes = new Set([root % 12, (root + 4) % 12, (root + 7) % 12, (root + 3) % 12]);
  return [...Array(SCALE_STEPS).keys()].filter((step) => classes.has(semitoneOf(step) % 12));
}

/**
 * A pluck with two quiet harmonics. The sine turns a phasor by a fixed angle each sample, the
 * harmonics come from it by the double- and triple-angle formulas, and the decay is one
 * multiplication: several times faster than calling Math.sin and Math.exp for every sample.
 */
function addNote(
  out: Float32Array,
  rate: number,
  start: number,
  length: number,
  hz: number,
  gain: number,
  decay: number,
): void {
  const attack = 0.02;
  const release = 0.25;
  const first = Math.floor(start * rate);
  const count = Math.min(out.length - first, Math.floor((length + release) * rate));
  const turn = (2 * Math.PI * hz) / rate;
  const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
  let [x, y] = [1, 0];
  const fall = Math.exp(-decay / rate);
  const attackEnd = Math.ceil(attack * rate);
  let decayed = Math.exp(-(attackEnd / rate - attack) * decay);
  const releaseFrom = length * rate;
  for (let i = 0; i < count; i++) {
    let envelope = decayed;
    if (i < attackEnd) envelope = i / rate / attack;
    else decayed *= fall;
    if (i > releaseFrom) envelope *= Math.max(0, 1 - (i / rate - length) / release);
    // sin 2a = 2 sin a cos a; sin 3a = sin a (3 - 4 sin² a)
    out[first + i] += gain * envelope * (y + 0.3 * 2 * x * y + 0.12 * y * (3 - 4 * y * y));
    const next = x * cos - y * sin;
    y = x * sin + y * cos;
    x = next;
  }
}

export function synthesise(seed: number, targetSeconds: number, sampleRate = 16_000): Tune {
  const random = seededRandom(seed);
  const bpm = 80 + Math.floor(random() * 40);
  const beat = 60 / bpm;
  const barSeconds = beat * 4;
  const bars = Math.max(6, Math.round(targetSeconds / barSeconds) - 1);
  const tonic = 57 + Math.floor(random() * 8);
  const decay = 1.5 + random() * 2;
  const out = new Float32Array(Math.ceil((bars + 1) * barSeconds * sampleRate));

  let step = 5;
  for (let bar = 0; bar < bars; bar++) {
    const root = PROGRESSION[bar % PROGRESSION.length];
    const barStart = bar * barSeconds;
    addNote(out, sampleRate, barStart, beat * 2, frequency(tonic - 12 + root), 0.22, 1.2);
    addNote(out, sampleRate, barStart + beat * 2, beat * 2, frequency(tonic - 12 + root + 7), 0.16, 1.2);

    const last = bar === bars - 1;
    const rhythm = last ? [4] : RHYTHMS[Math.floor(random() * RHYTHMS.length)];
    let at = 0;
    rhythm.forEach((beats, index) => {
      if (last) step = 5;
      else if (index === 0) {
        // Landing on a tone of the bar's chord at the downbeat is what makes the line sound settled.
        const tones = chordTones(root);
        step = tones.reduce((best, tone) => (Math.abs(tone - step) < Math.abs(best - step) ? tone : best), tones[0]);
      } else {
        const move = [-2, -1, -1, 1, 1, 2, 0][Math.floor(random() * 7)];
        step = Math.max(0, Math.min(SCALE_STEPS - 1, step + move));
      }
      addNote(out, sampleRate, barStart + at * beat, beats * beat, frequency(tonic + semitoneOf(step)), 0.35, decay);
      at += beats;
    });
  }

  const delay = Math.floor(beat * 0.75 * sampleRate);
  for (let i = delay; i < out.length; i++) out[i] += 0.25 * out[i - delay];
  let peak = 0;
  for (const sample of out) peak = Math.max(peak, Math.abs(sample));
  const fade = Math.floor(0.8 * sampleRate);
  for (let i = 0; i < out.length; i++) {
    const tail = out.length - i < fade ? (out.length - i) / fade : 1;
    out[i] = (out[i] / (peak || 1)) * 0.8 * tail;
  }
  return { samples: out, sampleRate, barSeconds, bars };
}
