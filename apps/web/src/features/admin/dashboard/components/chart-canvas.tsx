import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef } from 'react';

// Only what the dashboard draws, so the chunk stays small (Chart.js is tree-shakeable).
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

/** Whether a chart has anything to draw: a series with a value other than zero. */
export const hasChartData = (config: ChartConfiguration<'bar' | 'line'>): boolean =>
  config.data.datasets.some((dataset) => dataset.data.some((value) => typeof value === 'number' && value !== 0));

/**
 * A Chart.js chart on a canvas, drawn anew when its configuration changes. `label` is its accessible name. A chart
 * with nothing to draw says so in words above its empty axes (`emptyText`; issue 29, decision 061).
 */
export function ChartCanvas({
  config,
  label,
  emptyText,
}: {
  config: ChartConfiguration<'bar' | 'line'>;
  label: string;
  emptyText: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [config]);
  return (
    <>
      {!hasChartData(config) && (
        <p className="text-body-secondary mb-2" data-testid="chart-empty">
          {emptyText}
        </p>
      )}
      <div style={{ position: 'relative', height: '18rem' }}>
        <canvas ref={canvas} role="img" aria-label={label} />
      </div>
    </>
  );
}
