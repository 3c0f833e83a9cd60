// A speech engine turns a part of text into raw PCM (s16le, 16 kHz, mono).
export interface SpeechEngine {
  kind: 'espeak' | 'remote';
  /** Stored with the podcast (podcastVoice). */
  voice: string;
  /** The longest part of text the engine is given at once. */
  maxChars: number;
  speak(text: string, signal?: AbortSignal): Promise<Buffer>;
}
