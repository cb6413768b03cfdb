import { useEffect, useRef } from 'react';
import type { Dashboard } from '../../contract/admin';
import { adminText } from '../../i18n/admin.zh-CN';
import styles from './Admin.module.scss';

const text = adminText;

/**
 * Views per day as a line, drawn by uPlot, which loads with this screen only (about 50 KB; its few
 * rules are inlined by the page, src/pages/admin/index.astro). The
 * same numbers are a table beneath it for screen readers and for reading exact values.
 */
export default function ViewsChart({ days }: { days: Dashboard['daily_views'] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let chart: { destroy(): void } | null = null;
    let cancelled = false;
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled || !box.current) return;
      const style = getComputedStyle(box.current);
      const color = style.getPropertyValue('--color-primary').trim() || '#3b82f6';
      const axis = { stroke: style.color, grid: { stroke: style.getPropertyValue('--color-border').trim() || '#ddd' } };
      // uPlot's x values are seconds; each day at noon on the site's clock.
      const xs = days.map(({ day }) => Date.parse(`${day}T12:00:00+08:00`) / 1000);
      chart = new UPlot(
        {
          width: box.current.clientWidth || 600,
          height: 220,
          tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), 'Asia/Shanghai'),
          series: [
            {},
            { label: text.viewsPerDay, stroke: color, fill: `${color}22`, width: 2, points: { show: true } },
          ],
          axes: [axis, axis],
          legend: { show: false },
        },
        [xs, days.map(({ views }) => views)],
        box.current,
      );
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [days]);

  const total = days.reduce((sum, { views }) => sum + views, 0);
  return (
    <figure className={styles.chart}>
      <div ref={box} aria-hidden="true" />
      <figcaption>{text.viewsSummary(days.length, total)}</figcaption>
      <details>
        <summary>{text.asTable}</summary>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{text.day}</th>
              <th scope="col">{text.viewsPerDay}</th>
            </tr>
          </thead>
          <tbody>
            {days.map(({ day, views }) => (
              <tr key={day}>
                <td>{day}</td>
                <td>{views}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
