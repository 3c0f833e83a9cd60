import { TrendingDown, TrendingUp } from '../../../components/icons';

/**
 * Rising or falling shown by more than colour: an arrow beside the word (and in the legend). Hidden
 * from screen readers, which are told the trend in words.
 */
export function TrendArrow({ trend, className }: { trend: string; className?: string }) {
  const Icon = trend === 'up' ? TrendingUp : trend === 'down' ? TrendingDown : null;
  return Icon && <Icon aria-hidden="true" data-trend-arrow={trend} className={className} />;
}
