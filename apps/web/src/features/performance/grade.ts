export type PerformanceGrade = 'excellent' | 'good' | 'poor';

export interface PerformanceMetrics {
  fps: number;
  latencyMs: number;
  /** Used JS heap in MB; 0 where the browser does not report it. */
  memoryMb: number;
}

/** Spec 01 §9. */
export function gradePerformance({ fps, latencyMs, memoryMb }: PerformanceMetrics): PerformanceGrade {
  if (fps >= 50 && latencyMs < 200 && memoryMb < 100) return 'excellent';
  if (fps >= 30 && latencyMs < 500 && memoryMb < 200) return 'good';
  return 'poor';
}

export const GRADE_LABELS: Record<PerformanceGrade, string> = { excellent: 'عالی', good: 'خوب', poor: 'ضعیف' };
