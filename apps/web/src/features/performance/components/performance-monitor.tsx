import { useEffect, useState } from 'react';
import { Activity, X } from '../../../components/icons';
import { formatNumberFa } from '@chapar/shared/text';
import { measureLatency } from '../../../lib/latency.ts';
import { cn } from '../../../lib/cn.ts';
import { GRADE_LABELS, gradePerformance } from '../grade.ts';

// Spec 01 §9: metrics every 5 s, latency every 30 s.
const METRICS_MS = 5_000;
const LATENCY_MS = 30_000;

function usedMemoryMb(): number {
  const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
  return memory ? Math.round(memory.usedJSHeapSize / 1_048_576) : 0;
}

function useFps(): number {
  const [fps, setFps] = useState(60);
  useEffect(() => {
    let frames = 0;
    let frame = requestAnimationFrame(function count() {
      frames++;
      frame = requestAnimationFrame(count);
    });
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      setFps(Math.round((frames * 1000) / (now - last)));
      frames = 0;
      last = now;
    }, METRICS_MS);
    return () => { cancelAnimationFrame(frame); clearInterval(timer); };
  }, []);
  return fps;
}

function useLatencyMs(): number {
  const [latency, setLatency] = useState(0);
  useEffect(() => {
    const probe = () => measureLatency().then(setLatency, () => setLatency(Number.POSITIVE_INFINITY));
    void probe();
    const timer = setInterval(probe, LATENCY_MS);
    return () => clearInterval(timer);
  }, []);
  return latency;
}

function useMemoryMb(): number {
  const [memory, setMemory] = useState(usedMemoryMb);
  useEffect(() => {
    const timer = setInterval(() => setMemory(usedMemoryMb()), METRICS_MS);
    return () => clearInterval(timer);
  }, []);
  return memory;
}

/** Ctrl+Shift+P panel: frame rate, API latency, memory and a grade. */
export default function PerformanceMonitor({ onClose }: { onClose: () => void }) {
  const fps = useFps();
  const latencyMs = useLatencyMs();
  const memoryMb = useMemoryMb();
  const grade = gradePerformance({ fps, latencyMs, memoryMb });
  const rows: Array<[string, string]> = [
    ['نرخ فریم', `${formatNumberFa(fps)} فریم بر ثانیه`],
    ['تأخیر سرور', Number.isFinite(latencyMs) ? `${formatNumberFa(latencyMs)} میلی‌ثانیه` : 'در دسترس نیست'],
    ['حافظه', memoryMb ? `${formatNumberFa(memoryMb)} مگابایت` : 'گزارش نمی‌شود'],
  ];
  return (
    <aside aria-label="پایشگر کارایی" className="fixed bottom-4 start-4 z-[90] w-64 rounded-xl border border-border bg-card p-4 text-sm shadow-xl">
      <div className="mb-3 flex items-center justify-between">
        <h2 className="flex items-center gap-2 font-bold"><Activity aria-hidden="true" className="size-4 text-accent" />کارایی</h2>
        <button type="button" onClick={onClose} aria-label="بستن پایشگر کارایی" className="rounded-full p-1 hover:bg-surface">
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      <dl className="space-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-2">
            <dt className="text-muted">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 flex items-center justify-between border-t border-border pt-3">
        <span className="text-muted">وضعیت</span>
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-bold', grade === 'excellent' && 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300', grade === 'good' && 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-300', grade === 'poor' && 'bg-accent-soft text-accent')}>
          {GRADE_LABELS[grade]}
        </span>
      </p>
      <p className="mt-2 text-xs text-muted">Ctrl+Shift+P برای بستن</p>
    </aside>
  );
}
