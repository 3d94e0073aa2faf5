// /business-licence (issue #26, docs/decisions/0077): the business licence (营业执照) the E-commerce
// Law asks a shop to show, linked from the footer: the picture uploaded in 设置 and the registered
// name, address and unified social credit code, all from the site settings.
import { useQuery } from "@tanstack/react-query";
import { routes } from "@yj/contract";
import { Picture } from "../../components/picture";
import { useApi } from "../../lib/api-context";
import { apiQuery } from "../../lib/queries";
import type { RouteContext, RouteMeta } from "../../lib/route-context";
import styles from "./business-licence.module.css";

export async function loader(_args: unknown, { queryClient, api }: RouteContext): Promise<RouteMeta> {
  const s = await queryClient.ensureQueryData(apiQuery(api, routes.siteSettings));
  return {
    title: "营业执照",
    description: s.companyName ? `${s.companyName}的营业执照与统一社会信用代码。` : "本站经营者的营业执照信息。",
  };
}

export default function BusinessLicenceScreen() {
  const api = useApi();
  const { data: s } = useQuery(apiQuery(api, routes.siteSettings));
  if (!s) return null;
  return (
    <article className={`container ${styles.page}`}>
      <h1>营业执照</h1>
      {s.companyName ? (
        <>
          <dl className={styles.facts}>
            <dt>企业名称</dt>
            <dd>{s.companyName}</dd>
            <dt>统一社会信用代码</dt>
            <dd className={styles.code}>{s.creditCode}</dd>
            <dt>住所</dt>
            <dd>{s.companyAddress}</dd>
          </dl>
          {s.licenceImage ? (
            <a className={styles.picture} href={s.licenceImage} target="_blank" rel="noopener" title="查看大图">
              <Picture
                src={s.licenceImage}
                alt={`${s.companyName}营业执照`}
                width={1200}
                height={850}
                sizes="(max-width: 860px) 100vw, 800px"
                loading="eager"
              />
            </a>
          ) : (
            <p className={styles.note}>营业执照图片正在更新，如需查验请联系客服。</p>
          )}
          <p className={styles.note}>
            以上信息依据《中华人民共和国电子商务法》第十五条公示，可在国家企业信用信息公示系统查询核验。
          </p>
        </>
      ) : (
        <p className={styles.note}>营业执照信息暂未公示，如需查验请联系客服 {s.hotline}。</p>
      )}
    </article>
  );
}
