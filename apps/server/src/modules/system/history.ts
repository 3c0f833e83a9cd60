// The last hour of the system monitor's figures, for its charts: queue counts and each
// service's response time. Kept in memory in each web process rather than in the
// database: the figures describe the process that serves the page (its health checks,
// its view of the queue), they are worthless after an hour, and writing a row every
// minute forever would cost more than the chart is worth. A restart starts a new hour.
import type { QueueStatus, ServiceHealth, SystemHistory } from '@chapar/shared/contracts';

export const HISTORY_WINDOW_MS = 60 * 60_000;
/** Samples closer together than this are merged (several open tabs poll at once). */
const MIN_SPACING_MS = 5_000;

type QueueSample = SystemHistory['queue'][number];
type ResponseSample = SystemHistory['responseTimes'][number];

export class SystemHistoryLog {
  private readonly queue: QueueSample[] = [];
  private readonly responses: ResponseSample[] = [];
  private readonly names = new Map<string, string>();

  constructor(private readonly now: () => number = Date.now) {}

  private push<T extends { at: string }>(list: T[], sample: T): void {
    const last = list.at(-1);
    if (last && Date.parse(sample.at) - Date.parse(last.at) < MIN_SPACING_MS) list[list.length - 1] = sample;
    else list.push(sample);
    const oldest = this.now() - HISTORY_WINDOW_MS;
    while (list.length && Date.parse(list[0].at) < oldest) list.shift();
  }

  recordQueue(status: Pick<QueueStatus, 'pending' | 'processing' | 'completed' | 'failed'>): void {
    const { pending, processing, completed, failed } = status;
    this.push(this.queue, { at: new Date(this.now()).toISOString(), pending, processing, completed, failed });
  }

  recordServices(services: ServiceHealth[]): void {
    for (const x of services) this.names.set(x.id, x.service);
    this.push(this.responses, { at: new Date(this.now()).toISOString(), times: Object.fromEntries(services.map((x) => [x.id, x.responseTime])) });
  }

  snapshot(): SystemHistory {
    const oldest = this.now() - HISTORY_WINDOW_MS;
    const recent = <T extends { at: string }>(list: T[]) => list.filter((x) => Date.parse(x.at) >= oldest);
    const responseTimes = recent(this.responses);
    const ids = new Set(responseTimes.flatMap((x) => Object.keys(x.times)));
    return {
      windowMinutes: HISTORY_WINDOW_MS / 60_000,
      queue: recent(this.queue),
      responseTimes,
      services: Object.fromEntries([...ids].map((id) => [id, this.names.get(id) ?? id])),
    };
  }
}
