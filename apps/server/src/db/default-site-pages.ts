// The built-in copy of the brand and service pages (docs/product.md §2: /about, /stream, /integrate,
// /heartPage and /2-2, /2-22). The demo seed writes it as rows for 悦家整装; a shop without the demo and
// without its own rows shows it under its own brand name, so the header's and footer's links never lead
// to an empty page (docs/decisions/0028-brand-pages-in-the-database.md). Pure data.
import type { SitePageBlock, SitePageSlug } from "@yj/contract";

export interface SitePageCopy {
  slug: SitePageSlug;
  title: string;
  description: string;
  blocks: SitePageBlock[];
}

/** Warranty terms, named alike on every page that mentions them. */
const HIDDEN_WORKS_WARRANTY = "隐蔽工程（水电、防水）质保 5 年";
const WHOLE_WORKS_WARRANTY = "整体工程质保 2 年";

export function defaultSitePages(brand: string): SitePageCopy[] {
  return [
    {
      slug: "about",
      title: "品牌故事",
      description: `${brand}专注一站式整装：从量房设计、主材定制到施工交付与售后，一个团队、一份合同、一个标准，让装修透明、省心。`,
      blocks: [
        { kind: "heading", text: "我们为什么出发" },
        {
          kind: "paragraph",
          text: "装修是很多家庭一生中花钱最多、也最操心的一件事。报价看不懂、施工中途增项、工期一拖再拖、售后找不到人，是我们在行业里听到最多的抱怨。",
        },
        {
          kind: "paragraph",
          text: `${brand}的创始团队来自设计、建材和工程管理一线。我们想做的事情很简单：让每一个家庭都能明明白白地装修，安安心心地入住。所以我们把设计、主材、定制、施工和软装放进同一套标准里，由同一个团队负责到底，业主只需要面对一位管家，就能得到一个完整的家。`,
        },
        {
          kind: "figures",
          items: [
            { value: "一站式", label: "设计 · 主材 · 定制 · 施工 · 软装" },
            { value: "一口价", label: "硬装按㎡计价，签约后不增项" },
            { value: "8 步", label: "服务流程，节点验收合格才进入下一步" },
            { value: "5 年", label: "水电、防水隐蔽工程质保" },
          ],
        },
        { kind: "heading", text: "我们的坚持" },
        {
          kind: "features",
          items: [
            {
              title: "透明报价",
              text: "硬装按套内面积明码标价，主材品牌、型号与施工工艺写进合同，签约后不因“现场情况”临时加价。",
            },
            {
              title: "自有工人",
              text: "项目经理与产业工人统一培训、持证上岗，水电、泥木、油漆各工种按同一套工艺标准施工。",
            },
            {
              title: "环保选材",
              text: "板材、涂料与辅材优先选用 E0 级及以上环保等级，竣工后可申请第三方室内空气检测。",
            },
            {
              title: "长久服务",
              text: "交付时建立房屋档案，质保期内免费维修，质保期满后维修只收材料成本费。",
            },
          ],
        },
        { kind: "heading", text: "一个团队，对你的家负责到底" },
        {
          kind: "paragraph",
          text: "每一位业主都有专属的设计师、项目经理和客服管家：设计师把想法变成图纸，项目经理把图纸变成现实，客服管家跟进每一个节点，有问题随时找得到人。",
        },
        { kind: "link", text: "了解我们的服务流程", to: "/stream" },
        { kind: "link", text: "查找离你最近的体验馆", to: "/all-store" },
      ],
    },
    {
      slug: "stream",
      title: "服务流程",
      description: `从第一次咨询到竣工交付与质保，${brand}用 8 个环节装好一个家，每个节点验收合格才进入下一步，进度与质量看得见。`,
      blocks: [
        { kind: "heading", text: "八步装好一个家" },
        {
          kind: "steps",
          items: [
            {
              title: "咨询预约",
              text: "在官网预约免费设计、拨打服务热线或到店咨询，客服管家 24 小时内联系你，了解房屋情况、预算与入住时间。",
            },
            {
              title: "上门量房",
              text: "设计师免费上门量房，测量每个空间的尺寸、层高与管线位置，拍照记录现场，当场给出初步的格局建议。",
            },
            {
              title: "方案设计",
              text: "根据量房数据和你的生活习惯出平面布局、效果图与主材搭配方案，可反复沟通修改，直到满意为止。",
            },
            {
              title: "预算签约",
              text: "方案确定后出具逐项报价清单，主材品牌型号、施工工艺与工期写进合同；签约后总价锁定，不增项。",
            },
            {
              title: "开工施工",
              text: "项目经理组织开工交底，水电、泥木、油漆、安装按标准工序推进，每天上传施工照片，进度随时可查。",
            },
            {
              title: "节点验收",
              text: "水电、防水、泥木、油漆完工各验收一次，业主、项目经理与质检员三方签字，合格后才进入下一道工序。",
            },
            {
              title: "竣工交付",
              text: "完工后全屋保洁，逐项核对合同与清单，交付房屋档案（水电走向图、主材清单、保修卡）和钥匙。",
            },
            {
              title: "质保售后",
              text: `${HIDDEN_WORKS_WARRANTY}，${WHOLE_WORKS_WARRANTY}；报修 24 小时内响应，48 小时内上门处理。`,
            },
          ],
        },
        { kind: "heading", text: "每一步，你都知道在发生什么" },
        {
          kind: "features",
          items: [
            { title: "专属管家", text: "从预约到质保，同一位客服管家跟进你的家，进度、变更和问题都有人负责。" },
            { title: "进度可查", text: "项目经理每天上传施工照片，节点验收结果及时同步给你。" },
            { title: "三方验收", text: "业主、项目经理与质检员共同验收，不合格的地方当场整改。" },
            { title: "变更有据", text: "施工中如需调整方案，先出书面变更单，双方确认后再施工。" },
          ],
        },
        { kind: "link", text: "看看标准化硬装包含什么", to: "/heartPage" },
      ],
    },
    {
      slug: "integrate",
      title: "全屋整装",
      description:
        "硬装、主材、全屋定制、成品家具、软装与家电一站式设计和交付：一个团队、一份合同、一个工期，装好即可拎包入住。",
      blocks: [
        { kind: "heading", text: "什么是全屋整装" },
        {
          kind: "paragraph",
          text: "传统装修要分别找装修公司、逛建材市场、约定制厂家、跑家具店，预算分散，工期难以衔接，出了问题互相推诿。全屋整装把这些环节合在一起：设计师统一出方案，主材与定制统一采购，工人统一施工，最后连家具软装一起摆好，交到你手上的是一个可以直接入住的家。",
        },
        { kind: "heading", text: "一站式包含" },
        {
          kind: "features",
          items: [
            { title: "标准化硬装", text: "拆改、水电、防水、泥瓦、木作、油漆，按㎡一口价，工艺标准统一。" },
            { title: "精选主材", text: "瓷砖、木地板、卫浴、室内门、集成吊顶等品牌主材集中采购，价格透明。" },
            { title: "全屋定制", text: "衣柜、橱柜、榻榻米、书柜、阳台柜按尺寸定制，与硬装同步设计、同步安装。" },
            { title: "成品家具", text: "沙发、床、餐桌椅等成品家具按方案搭配，统一配送、统一安装。" },
            { title: "软装配饰", text: "窗帘、墙布、灯具、装饰画与绿植，按设计风格整体搭配。" },
            { title: "家电配置", text: "厨房电器、空调、热水器等嵌入式家电提前预留尺寸与点位，一次装好。" },
          ],
        },
        {
          kind: "list",
          title: "为什么选择整装",
          tone: "plain",
          items: [
            "一个设计方案：从硬装到软装，风格统一不打架",
            "一份合同：签约时就清楚总价，不再层层加价",
            "一个工期：定制与家具在硬装完工后无缝进场，省下等待的时间",
            "一个责任人：售后问题一个电话解决，不再多方推诿",
          ],
        },
        { kind: "link", text: "先看看标准化硬装", to: "/heartPage" },
        { kind: "link", text: "逛逛成品家具套餐", to: "/2-21?id=6" },
      ],
    },
    {
      slug: "hard-decoration",
      title: "标准化硬装",
      description:
        "按套内面积每平方米一口价：设计、辅材、人工、项目管理与基础主材全包，工艺与材料品牌写进合同，施工中不增项。",
      blocks: [
        { kind: "heading", text: "一口价，明明白白" },
        {
          kind: "paragraph",
          text: "标准化硬装按房屋套内面积计价，每平方米的价格包含设计、辅材、人工、项目管理和套餐标准款主材。签约时你就知道硬装总价，施工过程中不会因为“现场情况”临时加价。",
        },
        {
          kind: "list",
          title: "价格包含",
          tone: "included",
          items: [
            "免费上门量房与全套施工图设计",
            "墙体拆改与建筑垃圾清运（合同约定范围内）",
            "水电改造：品牌电线与 PPR 水管，按实际点位施工",
            "厨卫防水：墙面刷至 1.8 米、地面满刷，闭水试验 48 小时",
            "墙面找平、瓷砖铺贴、乳胶漆两底三面",
            "套餐标准款主材：瓷砖、木地板、室内门、集成吊顶、卫浴三件套",
            "项目管理、节点验收与竣工保洁",
          ],
        },
        {
          kind: "list",
          title: "价格不含",
          tone: "excluded",
          items: [
            "全屋定制柜体（衣柜、橱柜等，可另选定制套餐）",
            "成品家具、软装配饰与家电",
            "超出套餐标准款的主材升级差价",
            "中央空调、地暖、新风等系统工程",
            "物业收取的装修押金、管理费和垃圾清运费",
            "改变房屋结构的施工，如加建夹层、拆改承重结构",
          ],
        },
        { kind: "heading", text: "标准化体现在哪里" },
        {
          kind: "features",
          items: [
            { title: "标准工艺", text: "每道工序有统一的做法和验收标准，不因为换了工人而走样。" },
            { title: "标准工期", text: "90㎡左右的住宅硬装约 60 个工作日完工，延期按合同约定赔付。" },
            { title: "标准材料", text: "辅材品牌与型号写进合同，进场时当面验货，不合格当场退换。" },
            { title: "标准报价", text: "同一城市同一单价，计价方式公开，不设隐形收费。" },
          ],
        },
        { kind: "link", text: "了解施工服务流程", to: "/stream" },
      ],
    },
    {
      slug: "soft-furnishing",
      title: "全屋软装定制",
      description:
        "窗帘、墙布、软硬包、灯具与饰品按整体风格定制搭配，软装设计师上门测量、出方案，一次配齐，让新家有温度。",
      blocks: [
        { kind: "heading", text: "软装，决定家的气质" },
        {
          kind: "paragraph",
          text: "同样的硬装，配上不同的窗帘、墙布、灯具和饰品，家的感觉会完全不同。全屋软装定制由软装设计师根据你的硬装风格、采光和生活习惯整体规划，从色彩、材质到摆放位置一次想清楚，避免东拼西凑、越买越乱。",
        },
        {
          kind: "features",
          items: [
            { title: "全屋窗帘定制", text: "遮光帘、纱帘、电动轨道按窗型上门量尺定制，包安装。" },
            { title: "无缝墙布定制", text: "整面无拼缝墙布，环保胶施工，花色按空间搭配。" },
            { title: "定制软包 / 硬包", text: "床头背景、影视墙软硬包按尺寸定制，兼顾美观与吸音。" },
            { title: "软装设计服务", text: "软装设计师出搭配方案与清单，在预算内做出整体效果。" },
          ],
        },
        { kind: "heading", text: "定制流程" },
        {
          kind: "steps",
          items: [
            { title: "上门测量", text: "软装设计师上门测量窗型、墙面与空间尺寸，了解你喜欢的风格和色彩。" },
            { title: "方案搭配", text: "出色彩方案、面料小样与软装清单，可在门店或上门看样确认。" },
            { title: "确认下单", text: "清单逐项报价，确认款式、尺寸与安装日期后下单生产。" },
            { title: "生产安装", text: "窗帘、墙布与软硬包按尺寸生产，师傅上门施工安装。" },
            { title: "摆场交付", text: "设计师到场摆放饰品、调整细节，拍照存档后交付。" },
          ],
        },
        { kind: "link", text: "查看全屋软装定制商品", to: "/productList?id=7" },
        { kind: "link", text: "逛逛软装配饰", to: "/2-13?id=5" },
      ],
    },
  ];
}
