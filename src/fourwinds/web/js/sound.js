// Sounds made by the page itself with Web Audio: short tones built from oscillators, no file
// downloaded. The player's choice to mute is remembered in localStorage. A browser lets a page
// sound only after the person has clicked or pressed a key on it: until then nothing plays.

const KEY = "fourwinds.muted";

/** Each sound as notes: [frequency in Hz, start in s, length in s, wave]. */
const SOUNDS = {
  discard: [[520, 0, 0.06, "triangle"]],
  call: [[523, 0, 0.1, "square"], [784, 0.1, 0.16, "square"]],
  win: [[523, 0, 0.14], [659, 0.12, 0.14], [784, 0.24, 0.14], [1047, 0.36, 0.4]],
  turn: [[880, 0, 0.1], [1175, 0.12, 0.18]],
  claim: [[740, 0, 0.09], [988, 0.15, 0.12]],
};

let audio = null;

/** The sounds played so far, newest last (the page's own record, for a person's tests too). */
export const heard = [];

export const isMuted = () => localStorage.getItem(KEY) === "1";

export function setMuted(on) {
  localStorage.setItem(KEY, on ? "1" : "0");
}

/** Start the audio after a gesture of the person (a browser refuses it before). */
export function unlock() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!audio && Context) audio = new Context();
  if (audio && audio.state === "suspended") audio.resume();
}

/** Whether sounds can play now (the person has touched the page and the browser agreed). */
export const ready = () => Boolean(audio && audio.state === "running");

/** Play a sound by name; false when muted or before the person has touched the page. */
export function play(name) {
  if (isMuted() || !audio || audio.state !== "running" || !SOUNDS[name]) return false;
  const now = audio.currentTime;
  for (const [frequency, start, length, wave = "sine"] of SOUNDS[name]) {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.type = wave;
    tone.frequency.value = frequency;
    const at = now + start;
    volume.gain.setValueAtTime(0.0001, at);
    volume.gain.exponentialRampToValueAtTime(wave === "square" ? 0.06 : 0.18, at + 0.015);
    volume.gain.exponentialRampToValueAtTime(0.0001, at + length);
    tone.connect(volume).connect(audio.destination);
    tone.start(at);
    tone.stop(at + length + 0.03);
  }
  heard.push(name);
  if (heard.length > 50) heard.shift();
  return true;
}
