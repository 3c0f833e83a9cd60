// Which TelegramSource reads the channels. The public web preview always works; a
// better source (MTProto once an admin has logged the site's account in) registers
// here and is preferred while it says it is available.
import type { TelegramSource } from '../../integrations/telegram/index.ts';

export interface SourceOption {
  /** 'mtproto', 'web-preview', 'bundled' … */
  kind: string;
  /** The source, or null while it cannot be used (not logged in, disconnected). */
  available(): Promise<TelegramSource | null>;
}

export interface ChosenSource {
  kind: string;
  source: TelegramSource;
}

export class SourceProvider {
  private readonly options: SourceOption[] = [];

  constructor(private readonly fallback: ChosenSource) {}

  /** Adds a source tried before the fallback (later registrations are tried first). */
  register(option: SourceOption): void {
    this.options.unshift(option);
  }

  async current(): Promise<ChosenSource> {
    for (const option of this.options) {
      const source = await option.available().catch(() => null);
      if (source) return { kind: option.kind, source };
    }
    return this.fallback;
  }
}
