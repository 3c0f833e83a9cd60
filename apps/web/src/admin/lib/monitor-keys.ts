// Query keys of the screens that follow the channels: a channel added or switched off
// changes the auto-monitor's active count and the health page's channel cards at once.
export const MONITOR_KEY = ['admin', 'auto-monitor'] as const;
export const HEALTH_KEY = ['admin', 'system', 'health'] as const;
