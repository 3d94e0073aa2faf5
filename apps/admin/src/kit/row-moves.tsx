// The buttons of one item of an ordered Form.List (a goods picture, a content block, a package item):
// up, down and remove; the first cannot go up, the last cannot go down.
import { Button, Space } from "antd";

export function RowMoves({
  index,
  count,
  move,
  onRemove,
  texts = ["上移", "下移", "删除"],
  vertical,
}: {
  index: number;
  count: number;
  move(from: number, to: number): void;
  onRemove(): void;
  /** The three buttons' words (前移, 后移, 删除 for pictures). */
  texts?: readonly [string, string, string];
  vertical?: boolean;
}) {
  const [up, down, remove] = texts;
  return (
    <Space orientation={vertical ? "vertical" : "horizontal"} size={4}>
      <Button size="small" disabled={index === 0} onClick={() => move(index, index - 1)}>
        {up}
      </Button>
      <Button size="small" disabled={index === count - 1} onClick={() => move(index, index + 1)}>
        {down}
      </Button>
      <Button size="small" danger onClick={onRemove}>
        {remove}
      </Button>
    </Space>
  );
}
