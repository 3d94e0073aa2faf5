// A small line chart of counts per day, drawn as SVG by hand: two series over 30 days need axes, lines,
// points and a hover read-out, not a chart library (echarts' line chart alone would add ~180 KB gzip
// to the console, @ant-design/plots ~500 KB; docs/decisions/0038).
import type { DayCount } from "@yj/contract";
import { Empty, Typography, theme } from "antd";
import { useEffect, useRef, useState } from "react";

export interface ChartSeries {
  /** Stable id, used for test hooks (`data-series`). */
  key: string;
  name: string;
  color: string;
  /** A dashed line: where two series run together (zeros), the one drawn first still shows through. */
  dashed?: boolean;
  points: DayCount[];
}

const HEIGHT = 240;
const PAD = { top: 16, right: 16, bottom: 28, left: 36 };

/** A round top for the y axis and its step: 0–4 → 4 (step 1), 37 → 40 (step 10), … */
export function niceScale(max: number, ticks = 4): { top: number; step: number } {
  if (max <= ticks) return { top: ticks, step: 1 };
  const raw = max / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw && Number.isInteger(s)) ?? raw;
  return { top: Math.ceil(max / step) * step, step };
}

/** "11-23" from "2026-11-23". */
const shortDay = (day: string) => day.slice(5);

function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export function DailyChart({ series, label }: { series: ChartSeries[]; label: string }) {
  const { token } = theme.useToken();
  const { ref, width } = useWidth<HTMLDivElement>();
  const [hover, setHover] = useState<number | null>(null);
  const days = series[0]?.points.map((p) => p.day) ?? [];
  if (days.length === 0) return <Empty description="暂无数据" />;

  const max = Math.max(0, ...series.flatMap((s) => s.points.map((p) => p.count)));
  const { top, step } = niceScale(max);
  const plotWidth = Math.max(0, width - PAD.left - PAD.right);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (days.length === 1 ? plotWidth / 2 : (i * plotWidth) / (days.length - 1));
  const y = (n: number) => PAD.top + plotHeight - (n / top) * plotHeight;
  // About one date label per 70 px, on whole-day steps counted back from today (the last point).
  const labelEvery = Math.max(1, Math.ceil((days.length * 70) / Math.max(plotWidth, 1)));
  const totals = series.map((s) => s.points.reduce((sum, p) => sum + p.count, 0));
  const summary = series.map((s, i) => `${s.name}共 ${totals[i]}`).join("，");
  const hovered = hover === null ? null : days[hover];
  /** The day nearest the pointer (a mouse, or a tap on a phone); the read-out is a convenience, the
   * numbers are also in each point's title and the chart's label. */
  const dayAt = (event: { clientX: number; currentTarget: Element }) => {
    const left = event.currentTarget.getBoundingClientRect().left;
    const i = Math.round(((event.clientX - left - PAD.left) / Math.max(plotWidth, 1)) * (days.length - 1));
    return Math.min(days.length - 1, Math.max(0, i));
  };

  return (
    <div>
      <div style={{ display: "flex", flexWrap: "wrap", gap: 16, marginBottom: 8 }}>
        {series.map((s, i) => (
          <span key={s.key} style={{ display: "inline-flex", alignItems: "center", gap: 6 }}>
            <span
              style={{
                width: 14,
                height: 0,
                borderTop: `3px ${s.dashed ? "dashed" : "solid"} ${s.color}`,
                display: "inline-block",
              }}
            />
            <Typography.Text>{s.name}</Typography.Text>
            <Typography.Text type="secondary">
              近 {days.length} 天共 {totals[i]}
            </Typography.Text>
          </span>
        ))}
      </div>
      <div ref={ref} style={{ position: "relative", width: "100%", height: HEIGHT }}>
        {width > 0 && (
          <svg
            width={width}
            height={HEIGHT}
            role="img"
            aria-label={`${label}：${days[0]} 至 ${days[days.length - 1]}，${summary}`}
            data-chart="daily"
            onPointerMove={(event) => setHover(dayAt(event))}
            onPointerDown={(event) => setHover(dayAt(event))}
            onPointerLeave={() => setHover(null)}
          >
            {Array.from({ length: top / step + 1 }, (_, k) => k * step).map((tick) => (
              <g key={tick}>
                <line
                  x1={PAD.left}
                  x2={PAD.left + plotWidth}
                  y1={y(tick)}
                  y2={y(tick)}
                  stroke={token.colorBorderSecondary}
                />
                <text
                  x={PAD.left - 8}
                  y={y(tick)}
                  textAnchor="end"
                  dominantBaseline="middle"
                  fontSize={11}
                  fill={token.colorTextSecondary}
                >
                  {tick}
                </text>
              </g>
            ))}
            {days.map((day, i) =>
              (days.length - 1 - i) % labelEvery === 0 ? (
                <text
                  key={day}
                  x={x(i)}
                  y={HEIGHT - 8}
                  textAnchor={i === 0 ? "start" : i === days.length - 1 ? "end" : "middle"}
                  fontSize={11}
                  fill={token.colorTextSecondary}
                >
                  {shortDay(day)}
                </text>
              ) : null,
            )}
            {hover !== null && (
              <line
                x1={x(hover)}
                x2={x(hover)}
                y1={PAD.top}
                y2={PAD.top + plotHeight}
                stroke={token.colorTextQuaternary}
                strokeDasharray="3 3"
              />
            )}
            {series.map((s) => (
              <g key={s.key} data-series={s.key}>
                <polyline
                  fill="none"
                  stroke={s.color}
                  strokeWidth={2}
                  strokeLinejoin="round"
                  strokeDasharray={s.dashed ? "6 4" : undefined}
                  points={s.points.map((p, i) => `${x(i)},${y(p.count)}`).join(" ")}
                />
                {s.points.map((p, i) => (
                  <circle
                    key={p.day}
                    cx={x(i)}
                    cy={y(p.count)}
                    r={hover === i ? 4.5 : 2.5}
                    fill={token.colorBgContainer}
                    stroke={s.color}
                    strokeWidth={1.5}
                    data-day={p.day}
                    data-count={p.count}
                  >
                    <title>{`${p.day} ${s.name} ${p.count}`}</title>
                  </circle>
                ))}
              </g>
            ))}
          </svg>
        )}
        {hovered && hover !== null && (
          <div
            role="status"
            style={{
              position: "absolute",
              top: PAD.top,
              ...(x(hover) > width / 2 ? { right: width - x(hover) + 8 } : { left: x(hover) + 8 }),
              background: token.colorBgElevated,
              boxShadow: token.boxShadowSecondary,
              borderRadius: token.borderRadius,
              padding: "6px 10px",
              pointerEvents: "none",
              whiteSpace: "nowrap",
              fontSize: 12,
            }}
          >
            <div style={{ fontWeight: 600, marginBottom: 2 }}>{hovered}</div>
            {series.map((s) => (
              <div key={s.key} style={{ color: s.color }}>
                {s.name}：{s.points[hover]?.count ?? 0}
              </div>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
