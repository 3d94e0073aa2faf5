// Line drawings for the demo pictures: one per level-3 category, so a tile looks like a tile and a tap
// like a tap (docs/decisions/0057-demo-pictures-are-drawings.md), plus room scenes for cases and
// packages. Each drawing is plain SVG markup in a 200×200 box (floor at y 186), drawn with the
// group's stroke (the ink) and fill (the paper); `fill="none"` marks pure lines, `class="t"` a tinted
// area. No text, no scripts, no external references.

/** Drawings by level-3 category name, as the demo catalogue spells them (demo-catalog-rows.ts). */
export const CATEGORY_DRAWINGS: Record<string, string> = {
  // A floor of 60×60 tiles in perspective-free elevation: the pattern element repeats one tile.
  瓷砖: '<defs><pattern id="tile" width="44" height="44" patternUnits="userSpaceOnUse"><rect width="44" height="44" class="t"/><path d="M0 0h44v44" fill="none"/><path d="M8 30c8-10 18-4 28-14" fill="none" stroke-width="1.2"/></pattern></defs><rect x="12" y="12" width="176" height="176" fill="url(#tile)"/><rect x="12" y="12" width="176" height="176" fill="none"/>',
  木地板:
    '<rect x="14" y="30" width="172" height="140"/><path d="M14 58h172M14 86h172M14 114h172M14 142h172M70 30v28M140 30v28M40 58v28M110 58v28M170 58v28M80 86v28M150 86v28M30 114v28M100 114v28M60 142v28M130 142v28" fill="none"/><path d="M24 44c10-3 20 3 32 0M90 100c12-3 24 3 36 0M40 156c10-3 20 3 30 0" fill="none" stroke-width="1.2"/>',
  卫浴洁具:
    '<path d="M60 40h80v46H60z"/><path d="M48 96h104c0 30-22 48-52 48s-52-18-52-48z"/><path d="M78 140l-6 46h56l-6-46" /><circle cx="128" cy="54" r="5" class="t"/>',
  室内木门:
    '<rect x="50" y="14" width="100" height="172" rx="2"/><rect x="64" y="30" width="72" height="60" class="t"/><rect x="64" y="104" width="72" height="66" class="t"/><path d="M126 100h16" stroke-width="5"/>',
  集成吊顶:
    '<path d="M10 20h180v90H10z"/><path d="M40 20v90M70 20v90M100 20v90M130 20v90M160 20v90M10 50h180M10 80h180" fill="none" stroke-width="1.5"/><rect x="70" y="50" width="60" height="30" class="t"/><path d="M100 110v22M84 150l-8 14M116 150l8 14M100 150v18" fill="none"/><path d="M86 132h28l6 14H80z"/>',
  乳胶漆:
    '<path d="M30 80h90l-8 100H38z"/><path d="M30 80c0-10 90-10 90 0" fill="none"/><path d="M40 100h70" fill="none"/><rect x="48" y="114" width="54" height="34" class="t"/><rect x="120" y="22" width="64" height="26" rx="6" class="t"/><path d="M184 35h6v30h-38v26" fill="none"/><rect x="146" y="91" width="12" height="50" rx="4"/>',
  壁纸壁布:
    '<path d="M40 20h120v150H40z" class="t"/><path d="M40 20v150M160 20v150" fill="none"/><path d="M60 40l10 10-10 10-10-10zM100 40l10 10-10 10-10-10zM140 40l10 10-10 10-10-10zM80 80l10 10-10 10-10-10zM120 80l10 10-10 10-10-10zM60 120l10 10-10 10-10-10zM100 120l10 10-10 10-10-10zM140 120l10 10-10 10-10-10z"/><ellipse cx="100" cy="178" rx="64" ry="10"/>',
  护墙板:
    '<rect x="12" y="14" width="176" height="172"/><path d="M12 40h176" fill="none"/><rect x="24" y="52" width="42" height="60" class="t"/><rect x="79" y="52" width="42" height="60" class="t"/><rect x="134" y="52" width="42" height="60" class="t"/><rect x="24" y="124" width="42" height="48" class="t"/><rect x="79" y="124" width="42" height="48" class="t"/><rect x="134" y="124" width="42" height="48" class="t"/>',
  艺术涂料:
    '<rect x="14" y="14" width="172" height="150" class="t"/><path d="M24 50c20-16 40 16 60 0s40-16 60 0 30 10 36 6M24 90c20-16 40 16 60 0s40-16 60 0 30 10 36 6M24 130c20-16 40 16 60 0s40-16 60 0" fill="none" stroke-width="1.5"/><path d="M96 150h70l-10 24H106z"/><path d="M131 150v-22h18" fill="none"/>',
  // Cabinet elevation: wall units, hood, worktop, base units with a sink and drawers.
  整体橱柜:
    '<rect x="10" y="20" width="60" height="54"/><rect x="130" y="20" width="60" height="54"/><path d="M40 20v54M160 20v54" fill="none"/><path d="M80 20h40v30l12 24H68l12-24z" class="t"/><rect x="6" y="112" width="188" height="8"/><rect x="10" y="120" width="180" height="66"/><path d="M70 120v66M130 120v66M130 142h60M130 164h60M40 120v66" fill="none"/><path d="M88 112v-14h14v6" fill="none"/><path d="M100 134h0M52 150v10M58 150v10M148 131h24M148 153h24M148 175h24" fill="none"/>',
  橱柜台面:
    '<path d="M10 90l40-30h140l-40 30z" class="t"/><path d="M10 90h140v22H10zM150 90l40-30v22l-40 30z"/><path d="M40 78c30-6 50 4 80-2M70 68c20 4 40-4 70 0" fill="none" stroke-width="1.2"/><path d="M20 112v74M140 112v74" fill="none"/>',
  厨房收纳五金:
    '<rect x="20" y="30" width="160" height="150"/><path d="M30 70h140v90H30z" class="t"/><path d="M40 84h120M40 104h120M40 124h120M40 144h120M60 84v60M90 84v60M120 84v60" fill="none" stroke-width="1.5"/><path d="M80 48h40" stroke-width="5"/>',
  // A tap over a sink, seen from the front.
  水槽龙头:
    '<path d="M96 120V50c0-24 44-24 44 0v14" fill="none" stroke-width="8"/><path d="M132 64h16v10h-16z"/><path d="M84 120h28v10H84z"/><path d="M80 40h30" stroke-width="6"/><path d="M140 80v6M140 94v6" fill="none" stroke-width="2"/><path d="M20 130h160l-14 46H34z" class="t"/><path d="M20 130h160" fill="none"/>',
  整体衣柜:
    '<rect x="20" y="12" width="160" height="174"/><path d="M60 12v174M100 12v174M140 12v174M20 40h160" fill="none"/><path d="M54 100v20M66 100v20M134 100v20M146 100v20" fill="none" stroke-width="4"/><rect x="104" y="46" width="32" height="134" class="t"/>',
  榻榻米:
    '<rect x="10" y="110" width="180" height="76"/><path d="M10 130h180M70 130v56M130 130v56M10 158h180" fill="none"/><path d="M14 110l20-20h132l20 20z" class="t"/><path d="M100 90v20" fill="none"/><rect x="60" y="40" width="80" height="40" class="t"/>',
  书柜书桌:
    '<rect x="14" y="14" width="90" height="172"/><path d="M14 56h90M14 98h90M14 140h90" fill="none"/><path d="M24 56V30h8v26M36 56V26h8v30M48 56V34h8v22M26 98V70h10v28M70 98V74l12-4 6 28M30 140v-26h8v26M44 140v-22h8v22" class="t"/><path d="M110 116h82v8h-82zM116 124v62M186 124v62" /><path d="M140 116V96h26v20" class="t"/>',
  "玄关柜/鞋柜":
    '<rect x="30" y="14" width="140" height="64"/><rect x="30" y="118" width="140" height="58"/><path d="M100 14v64M100 118v58" fill="none"/><path d="M30 78v40M170 78v40" fill="none" stroke-dasharray="4 5"/><rect x="54" y="96" width="18" height="22" class="t"/><path d="M40 186h120" fill="none"/><path d="M90 40v14M110 40v14M90 140v14M110 140v14" fill="none" stroke-width="4"/>',
  阳台柜:
    '<rect x="12" y="12" width="176" height="174"/><rect x="24" y="104" width="74" height="76" class="t"/><circle cx="61" cy="146" r="22"/><circle cx="61" cy="146" r="12" class="t"/><path d="M110 12v174M110 100h78M12 96h98" fill="none"/><path d="M146 40v20M152 130v20" fill="none" stroke-width="4"/>',
  沙发: '<rect x="30" y="56" width="140" height="60" rx="12"/><rect x="18" y="104" width="164" height="44" rx="10" class="t"/><rect x="8" y="84" width="30" height="76" rx="10"/><rect x="162" y="84" width="30" height="76" rx="10"/><path d="M100 104v44" fill="none"/><path d="M26 160v18M174 160v18" stroke-width="5"/>',
  床: '<rect x="14" y="50" width="40" height="130" rx="4"/><rect x="54" y="110" width="136" height="40" class="t"/><rect x="60" y="92" width="40" height="20" rx="8"/><path d="M110 110c20-8 50-8 80 0" fill="none"/><path d="M20 150h170v20H20zM24 170v14M184 170v14" />',
  餐桌椅:
    '<path d="M40 96h120v10H40zM52 106v78M148 106v78" /><path d="M14 60v124M14 120h30v64M44 120v-16" fill="none"/><path d="M186 60v124M186 120h-30v64M156 120v-16" fill="none"/><ellipse cx="100" cy="86" rx="14" ry="10" class="t"/><path d="M100 76v-16c0-6 10-6 10 0" fill="none"/>',
  "茶几/电视柜":
    '<rect x="40" y="22" width="120" height="72" rx="4"/><rect x="48" y="30" width="104" height="56" class="t"/><path d="M100 94v14" fill="none"/><rect x="14" y="140" width="172" height="36"/><path d="M71 140v36M129 140v36" fill="none"/><path d="M24 176v10M176 176v10" stroke-width="5"/>',
  "衣柜/斗柜":
    '<rect x="34" y="40" width="132" height="136"/><path d="M34 74h132M34 108h132M34 142h132" fill="none"/><path d="M90 57h20M90 91h20M90 125h20M90 159h20" stroke-width="5"/><path d="M44 176v10M156 176v10" stroke-width="5"/><path d="M70 40V24h60v16" class="t"/>',
  床垫: '<path d="M20 96l30-30h140l-30 30z" class="t"/><path d="M20 96h140v28H20zM160 96l30-30v28l-30 30z"/><path d="M20 124h140v26H20zM160 124l30-30v26l-30 30z" class="t"/><path d="M30 110h120M30 137h120" fill="none" stroke-dasharray="3 6"/>',
  灯具: '<path d="M100 6v60" fill="none"/><path d="M60 66h80l26 46H34z"/><path d="M34 112h132" fill="none"/><path d="M100 120v10M72 124l-8 10M128 124l8 10" fill="none" stroke-width="2"/><ellipse cx="100" cy="116" rx="16" ry="8" class="t"/>',
  地毯: '<rect x="26" y="40" width="148" height="120"/><rect x="40" y="54" width="120" height="92" class="t"/><path d="M100 70l24 30-24 30-24-30z"/><path d="M30 40v-10M42 40v-10M54 40v-10M66 40v-10M78 40v-10M90 40v-10M102 40v-10M114 40v-10M126 40v-10M138 40v-10M150 40v-10M162 40v-10M30 160v10M42 160v10M54 160v10M66 160v10M78 160v10M90 160v10M102 160v10M114 160v10M126 160v10M138 160v10M150 160v10M162 160v10" fill="none" stroke-width="1.5"/>',
  装饰画:
    '<path d="M70 30l30-20 30 20" fill="none"/><rect x="30" y="30" width="140" height="120"/><rect x="44" y="44" width="112" height="92" class="t"/><path d="M44 136l34-40 22 24 18-16 38 32z"/><circle cx="128" cy="68" r="10"/>',
  床品布艺:
    '<rect x="24" y="60" width="70" height="40" rx="14"/><rect x="106" y="60" width="70" height="40" rx="14" class="t"/><path d="M14 110h172v40H14z"/><path d="M14 150h172v24H14z" class="t"/><path d="M30 126h140" fill="none" stroke-dasharray="5 6"/>',
  花艺摆件:
    '<path d="M76 110h48c4 30 0 58-8 76H84c-8-18-12-46-8-76z" class="t"/><path d="M100 110V40M100 80l-30-30M100 70l30-24M100 96l-40-6M100 92l38-14" fill="none"/><circle cx="100" cy="34" r="12"/><circle cx="66" cy="46" r="10"/><circle cx="134" cy="42" r="10"/><circle cx="56" cy="88" r="8"/><circle cx="142" cy="76" r="8"/>',
  冰箱: '<rect x="50" y="8" width="100" height="178" rx="8"/><path d="M50 70h100" fill="none"/><path d="M64 30v24M64 86v34" stroke-width="5"/><rect x="98" y="90" width="40" height="26" rx="3" class="t"/>',
  洗衣机:
    '<rect x="36" y="16" width="128" height="170" rx="8"/><path d="M36 50h128" fill="none"/><circle cx="100" cy="116" r="44"/><circle cx="100" cy="116" r="32" class="t"/><circle cx="140" cy="33" r="7"/><rect x="50" y="28" width="40" height="10" rx="3" class="t"/>',
  空调: '<rect x="14" y="50" width="172" height="64" rx="14"/><path d="M26 98h148" fill="none"/><path d="M30 106h140" fill="none" stroke-width="1.5"/><circle cx="160" cy="68" r="4" class="t"/><path d="M60 130c-6 10 6 18 0 28M100 130c-6 10 6 18 0 28M140 130c-6 10 6 18 0 28" fill="none" stroke-width="2"/>',
  烟机灶具:
    '<path d="M80 8h40v40l50 30H30l50-30z"/><path d="M30 78h140v10H30z" class="t"/><rect x="20" y="140" width="160" height="20"/><ellipse cx="64" cy="136" rx="26" ry="6" class="t"/><ellipse cx="136" cy="136" rx="26" ry="6" class="t"/><path d="M40 160v26M160 160v26" fill="none"/>',
  嵌入式厨电:
    '<rect x="30" y="14" width="140" height="172"/><rect x="44" y="34" width="112" height="66" rx="4"/><rect x="56" y="48" width="88" height="40" class="t"/><path d="M60 112h80" stroke-width="5"/><rect x="44" y="126" width="112" height="50" rx="4"/><rect x="56" y="138" width="88" height="26" class="t"/>',
  热水器:
    '<rect x="60" y="12" width="80" height="144" rx="34"/><circle cx="100" cy="70" r="16" class="t"/><path d="M92 70h16M100 62v16" fill="none" stroke-width="2"/><path d="M84 156v22M116 156v22" fill="none" stroke-width="5"/><path d="M76 120h48" fill="none"/>',
  全屋窗帘定制:
    '<path d="M8 18h184" fill="none" stroke-width="5"/><path d="M16 18c-4 60 10 120 0 168h46c-6-60 14-110 4-168z" class="t"/><path d="M184 18c4 60-10 120 0 168h-46c6-60-14-110-4-168z" class="t"/><path d="M70 24h60v130H70z"/><path d="M100 24v130M70 90h60" fill="none"/><path d="M30 40c4 40-4 90 2 140M170 40c-4 40 4 90-2 140" fill="none" stroke-width="1.5"/>',
  无缝墙布定制:
    '<rect x="14" y="14" width="172" height="172" class="t"/><path d="M14 32h172M14 50h172M14 68h172M14 86h172M14 104h172M14 122h172M14 140h172M14 158h172M14 176h172" fill="none" stroke-width="1"/><path d="M150 14c24 40 24 130 0 172" fill="none"/><path d="M150 14h36v172h-36" />',
  软装设计服务:
    '<rect x="18" y="22" width="164" height="150" rx="6"/><rect x="32" y="36" width="64" height="64" class="t"/><circle cx="134" cy="68" r="30"/><rect x="32" y="112" width="30" height="46" class="t"/><rect x="70" y="112" width="30" height="46"/><rect x="108" y="112" width="30" height="46" class="t"/><rect x="146" y="112" width="22" height="46"/>',
  "定制软包/硬包":
    '<rect x="12" y="20" width="176" height="120"/><rect x="22" y="30" width="48" height="100" rx="10" class="t"/><rect x="76" y="30" width="48" height="100" rx="10" class="t"/><rect x="130" y="30" width="48" height="100" rx="10" class="t"/><path d="M12 160h176v26H12z"/>',
};

export type RoomKind = "living" | "bedroom" | "kitchen" | "bath";

const WINDOW = '<rect x="24" y="20" width="52" height="64" class="t"/><path d="M50 20v64M24 52h52" fill="none"/>';

/** Where the floor meets the wall in the 200×200 box; the renderer draws the floor across the picture. */
export const FLOOR_Y = 150;

/**
 * Room scenes for cases and packages, in the same 200×200 box: a wall with a window and the furniture
 * that names the room, scaled down from the category drawings and standing on the floor line.
 */
export const ROOM_DRAWINGS: Record<RoomKind, string> = {
  living: `${WINDOW}<path d="M150 30v112M140 30h20l6 22h-32z" fill="none"/><g transform="translate(50 88) scale(.5)">${CATEGORY_DRAWINGS.沙发}</g><rect x="70" y="156" width="60" height="8" class="t"/>`,
  bedroom: `${WINDOW}<g transform="translate(86 60) scale(.55)">${CATEGORY_DRAWINGS.床}</g><path d="M176 60v38M166 60h20l4 14h-28z" fill="none"/>`,
  kitchen: `<g transform="translate(20 40) scale(.8 .6)">${CATEGORY_DRAWINGS.整体橱柜}</g>`,
  bath: `<rect x="120" y="20" width="56" height="40" class="t"/><g transform="translate(16 64) scale(.44)">${CATEGORY_DRAWINGS.卫浴洁具}</g><path d="M120 150V80h64v70" fill="none"/><path d="M150 80v-8h20" fill="none"/>`,
};

/** The room a case picture or package shows, from its caption or category name. */
export function roomFor(text: string): RoomKind {
  if (/厨|岛台|餐厅/.test(text)) return "kitchen";
  if (/卫|浴|洗手/.test(text)) return "bath";
  if (/卧|床|衣帽|儿童|书房/.test(text)) return "bedroom";
  return "living";
}
