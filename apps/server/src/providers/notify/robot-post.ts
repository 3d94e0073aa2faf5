// Posts a robot message and checks the answer: both WeCom and DingTalk answer {errcode: 0} on success.

export async function postRobotMessage(url: string, body: unknown, timeoutMs: number): Promise<void> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`webhook answered HTTP ${response.status}`);
  let answer: { errcode?: unknown; errmsg?: unknown };
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    throw new Error("webhook answered no JSON");
  }
  if (answer.errcode !== 0)
    throw new Error(`webhook refused: errcode ${answer.errcode} ${String(answer.errmsg ?? "")}`);
}
