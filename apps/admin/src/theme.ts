// The back office's antd theme (docs/decisions/0049): every colour antd writes text in must reach
// WCAG AA's 4.5:1 on white.
// - antd's secondary and description greys (45 % black, 2.8:1) are darkened to 65 % black (7:1).
// - antd's error red (#ff4d4f, 3.3:1) colours every form's message (请输入…, 拒绝时请填写原因…): axe
//   found it in the 拒绝售后申请 dialog; red-7 (#cf1322, 5.6:1) reads, and danger buttons keep white
//   text on it at the same contrast.
// - the tertiary grey (a bordered description's label), the placeholder (a filter's 全部) and the link
//   blue (#1677ff is 4.1:1; #0958d9 is 6:1), found by axe on the projects pages (docs/decisions/0074).
import type { ThemeConfig } from "antd";

export const THEME = {
  token: {
    colorPrimary: "#c8161d",
    colorError: "#cf1322",
    colorTextSecondary: "rgba(0, 0, 0, 0.65)",
    colorTextDescription: "rgba(0, 0, 0, 0.65)",
    colorTextTertiary: "rgba(0, 0, 0, 0.65)",
    colorTextPlaceholder: "rgba(0, 0, 0, 0.6)",
    colorLink: "#0958d9",
  },
};

const WITHOUT_MOTION: ThemeConfig = { token: { ...THEME.token, motion: false } };

/** The theme, without antd's animations for a member who asked for less motion (providers.tsx). */
export function backOfficeTheme(reduceMotion: boolean): ThemeConfig {
  return reduceMotion ? WITHOUT_MOTION : THEME;
}
