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

/** A Chart.js chart on a canvas, drawn anew when its configuration changes. `label` is its accessible name. */
export function ChartCanvas({ config, label }: { config: ChartConfiguration<'bar' | 'line'>; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [config]);
  return (
    <div style={{ position: 'relative', height: '18rem' }}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
