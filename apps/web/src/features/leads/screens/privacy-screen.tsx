// /privacy (R14): what the shop collects through its lead forms, why, how long it keeps it and the
// visitor's rights under the PIPL. Contact details come from the site settings.
import { useQuery } from "@tanstack/react-query";
import { routes } from "@yj/contract";
import { useApi } from "../../../lib/api-context";
import { apiQuery } from "../../../lib/queries";
import type { RouteMeta } from "../../../lib/route-context";
import styles from "./privacy-screen.module.css";

export function loader(): RouteMeta {
  return { title: "隐私政策", description: "我们收集哪些个人信息、如何使用与保存，以及您依法享有的权利。" };
}

export default function PrivacyScreen() {
  const api = useApi();
  const { data: s } = useQuery(apiQuery(api, routes.siteSettings));
  const brand = s?.brandName ?? "悦家整装";
  return (
    <article className={`container ${styles.page}`}>
      <h1>隐私政策</h1>
      <p>
        {brand}
        （以下简称“我们”）重视您的个人信息保护。本政策说明您在本网站预约设计师、获取报价、申请加盟、报名活动或在全景页留资时，我们如何依据《中华人民共和国个人信息保护法》处理您的个人信息。
      </p>
      <h2>一、我们收集的信息</h2>
      <ul>
        <li>联系信息：手机号，以及您填写的姓名或称呼；</li>
        <li>报价信息：所在省份和城市、房屋面积、户型（室、厅、卫）、是否需要软装与家电；</li>
        <li>申请与留言：加盟申请中的意向城市与留言内容；</li>
        <li>来源信息：您提交时所在的页面，用于了解哪个入口帮到了您；</li>
        <li>为防止恶意提交，我们会短期记录提交请求的 IP 地址。</li>
      </ul>
      <h2>二、我们如何使用</h2>
      <p>
        上述信息仅用于：联系您安排量房与设计、计算并向您说明报价、处理加盟申请与活动报名、必要的服务回访。我们不会将您的信息出售或提供给与上述服务无关的第三方；短信或电话联系仅限与您提交的需求相关的内容。
      </p>
      <h2>三、同意</h2>
      <p>
        每个表单都需要您主动勾选“我已阅读并同意《隐私政策》”后才能提交，我们会记录您是否同意。您可以随时撤回同意，撤回不影响此前基于同意已进行的处理。
      </p>
      <h2>四、保存与安全</h2>
      <p>
        未成为客户的线索信息，自最后一次提交或跟进起保存 {s?.leadRetentionMonths ?? 24}{" "}
        个月，期满后删除手机号与姓名；成为客户的，保存至服务结束后法律要求的期限。我们在日志和后台列表中对手机号做部分隐藏，只有经授权的员工出于服务需要才能查看完整号码，且查看会被记录。
      </p>
      <h2>五、您的权利</h2>
      <p>
        您有权查阅、复制、更正、补充和删除您的个人信息，有权撤回同意、要求解释处理规则，并可以注销相关记录。我们将在收到请求后
        15 个工作日内答复。
      </p>
      <h2>六、联系我们</h2>
      <p>如需行使上述权利或对本政策有任何疑问，请联系：</p>
      <ul>
        {s && (
          <li>
            客服热线：{s.hotline}（{s.serviceHours}）
          </li>
        )}
        {s && <li>电子邮箱：{s.serviceEmail}</li>}
        {s && <li>联系地址：{s.headOfficeAddress}</li>}
      </ul>
    </article>
  );
}
