// docs/product.md §1/§2 footer: about link, head-office address, coverage (136 cities), hotline, ICP link —
// all from site settings.

import { useQuery } from "@tanstack/react-query";
import { routes } from "@yj/contract";
import { AppLink } from "../../components/app-link";
import { useApi } from "../../lib/api-context";
import { apiQuery } from "../../lib/queries";
import styles from "./footer.module.css";

export function Footer() {
  const api = useApi();
  const { data: s } = useQuery(apiQuery(api, routes.siteSettings));
  if (!s) return null;
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.brand}>
          <strong>{s.brandName}</strong>
          <p>服务覆盖全国 {s.coveredCities} 个城市</p>
        </div>
        <nav className={styles.links} aria-label="页脚">
          <AppLink to="/about">关于我们</AppLink>
          <AppLink to="/stream">服务流程</AppLink>
          <AppLink to="/all-store">全国门店</AppLink>
          <AppLink to="/merchants-join">招商加盟</AppLink>
          <AppLink to="/privacy">隐私政策</AppLink>
        </nav>
        <div className={styles.contact}>
          <p>
            全国服务热线：<a href={`tel:${s.hotline.replaceAll("-", "")}`}>{s.hotline}</a>
          </p>
          <p>总部地址：{s.headOfficeAddress}</p>
          <p>服务时间：{s.serviceHours}</p>
        </div>
      </div>
      <div className={styles.legal}>
        © {new Date().getFullYear()} {s.brandName} ·{" "}
        <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
          {s.icpNumber}
        </a>
      </div>
    </footer>
  );
}
