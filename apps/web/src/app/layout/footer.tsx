// docs/product.md §1/§2 footer: about link, head-office address, coverage (136 cities), hotline, ICP link —
// all from site settings. Issue #26 (docs/decisions/0077): the public-security filing with its badge,
// linked to the MPS filing site by its digits, and the business licence page.

import { useQuery } from "@tanstack/react-query";
import { BUSINESS_LICENCE_PATH, ICP_FILING_URL, policeFilingUrl, routes } from "@yj/contract";
import { AppLink } from "../../components/app-link";
import { useApi } from "../../lib/api-context";
import { apiQuery } from "../../lib/queries";
import styles from "./footer.module.css";

export function Footer() {
  const api = useApi();
  const { data: s } = useQuery(apiQuery(api, routes.siteSettings));
  if (!s) return null;
  const policeUrl = policeFilingUrl(s.policeFilingNumber);
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
      <div className={styles.legal} data-testid="footer-filings">
        <span>
          © {new Date().getFullYear()} {s.brandName}
        </span>
        <a href={ICP_FILING_URL} target="_blank" rel="noopener noreferrer">
          {s.icpNumber}
        </a>
        {policeUrl && (
          <a href={policeUrl} target="_blank" rel="noopener noreferrer" className={styles.police}>
            <PoliceBadge />
            {s.policeFilingNumber}
          </a>
        )}
        {s.companyName && <AppLink to={BUSINESS_LICENCE_PATH}>营业执照</AppLink>}
      </div>
    </footer>
  );
}

/** The public-security filing's badge: a small shield beside the number, as the filing rules ask. */
function PoliceBadge() {
  return (
    <svg className={styles.badge} viewBox="0 0 20 22" width="14" height="15" aria-hidden="true" focusable="false">
      <path d="M10 1 2 4v6c0 5 3.4 9.3 8 11 4.6-1.7 8-6 8-11V4z" fill="#d9a441" />
      <path d="M10 3.2 4 5.5V10c0 3.9 2.5 7.3 6 8.7 3.5-1.4 6-4.8 6-8.7V5.5z" fill="#1f4f9c" />
      <path d="m10 6 1.2 2.6 2.8.3-2.1 1.9.6 2.8L10 12.2l-2.5 1.4.6-2.8L6 8.9l2.8-.3z" fill="#f3d36b" />
    </svg>
  );
}
