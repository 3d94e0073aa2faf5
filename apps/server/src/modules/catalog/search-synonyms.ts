// Words a shopper types for the same goods (issue #27, docs/decisions/0053-goods-search.md). Each
// group is symmetric: a search for any word of a group also finds goods carrying any other. Kept
// small and in the repo on purpose; a word belongs to at most one group.
export const SEARCH_SYNONYMS: readonly (readonly string[])[] = [
  ["沙发", "梳化"],
  ["瓷砖", "地砖", "墙砖", "瓷片"],
  ["热水器", "燃气热水器", "电热水器"],
  ["马桶", "坐便器", "座便器"],
  ["花洒", "淋浴"],
  ["油烟机", "抽油烟机", "烟机"],
  ["燃气灶", "煤气灶", "灶具"],
  ["墙布", "墙纸", "壁纸", "壁布"],
  ["乳胶漆", "墙面漆"],
  ["衣柜", "衣橱"],
  ["冰箱", "雪柜"],
  ["空调", "冷气机"],
  ["吊顶", "天花"],
  ["床垫", "席梦思"],
  ["龙头", "水龙头"],
  ["水槽", "洗菜盆"],
  ["浴霸", "暖风机"],
  ["灯具", "灯饰"],
];
