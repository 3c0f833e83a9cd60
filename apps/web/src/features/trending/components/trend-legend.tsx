import { TONE_LEGEND } from '../topic-color.ts';
import { TrendArrow } from './trend-arrow.tsx';

export function TrendLegend() {
  return (
    <ul aria-label="راهنمای رنگ‌ها" className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
      {TONE_LEGEND.map((item) => (
        <li key={item.tone} className="inline-flex items-center gap-2">
          <span aria-hidden="true" className={`size-3 rounded-full ${item.swatch}`} />
          <TrendArrow trend={item.tone} className="size-4" />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
