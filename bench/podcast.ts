// Podcast making, offline: seconds of audio made per second of work for a 600-word Persian
// article (title and body prepared for listening, spoken by espeak-ng in parts, decoded, joined,
// encoded once to MP3 16 kHz mono, measured with ffprobe). Three runs after one warm-up.
//   npx tsx bench/podcast.ts [words]
import { performance } from 'node:perf_hooks';
import { articleSpeechText, countWords } from '@chapar/shared/text';
import { createSpeech } from '../apps/server/src/integrations/speech/index.ts';

const WORDS = Number(process.argv[2] ?? 600);
const RUNS = 3;

const SENTENCES = [
  'بانک مرکزی روز ۱۵ مهر ۱۴۰۳ اعلام کرد نرخ تورم سالانه به ۳۲/۵ درصد رسیده است.',
  'قیمت دلار در بازار آزاد تهران ۵۸٬۵۰۰ تومان معامله شد و بورس با رشد ۲٪ همراه بود.',
  'وزیر اقتصاد گفت بودجه ۲۵۰۰ میلیارد ریالی برای طرح‌های عمرانی استان‌ها تصویب شده است.',
  'کارشناسان می‌گویند کاهش نرخ بهره در ماه‌های آینده به رونق تولید و اشتغال کمک خواهد کرد.',
  'به گفته مسئولان، بیش از ۱۲۰ هزار واحد مسکونی تا پایان سال ۲۰۲۵ به متقاضیان تحویل می‌شود.',
  'نمایندگان مجلس در جلسه علنی روز سه‌شنبه درباره لایحه مالیات بر عایدی سرمایه گفت‌وگو کردند.',
];

function article(words: number) {
  const paragraphs: string[] = [];
  let text = '';
  for (let i = 0; countWords(text) < words; i++) {
    const paragraph = [0, 1, 2].map((k) => SENTENCES[(i + k) % SENTENCES.length]).join(' ');
    paragraphs.push(`<p>${paragraph}</p>`);
    text += ` ${paragraph}`;
  }
  return { title: 'گزارش اقتصادی: تورم، ارز و بودجه در هفته‌ای که گذشت', content: paragraphs.join('') };
}

const input = article(WORDS);
const speech = createSpeech({ model: '', voice: '', timeoutMs: 60_000 });
const spokenWords = countWords(input.content);

async function once() {
  const started = performance.now();
  const text = articleSpeechText(input);
  const audio = await speech.speak(text);
  const wall = (performance.now() - started) / 1000;
  return { wall, audio: audio.duration, parts: audio.parts, bytes: audio.mp3.length };
}

await once();
const runs = [];
for (let i = 0; i < RUNS; i++) runs.push(await once());
const wall = runs.reduce((s, r) => s + r.wall, 0) / RUNS;
const audio = runs[0].audio;
console.log(JSON.stringify({
  bench: 'podcast', engine: speech.engine.voice, words: spokenWords, parts: runs[0].parts,
  audioSeconds: Math.round(audio * 10) / 10, mp3Bytes: runs[0].bytes,
  wallSeconds: runs.map((r) => Math.round(r.wall * 100) / 100),
  audioSecondsPerSecond: Math.round((audio / wall) * 10) / 10,
}));
