// The pages outside the console's frame (login, changing the password): one card in the middle of a
// grey page, which is the page's main landmark (its title is the page's h1).
import { Card } from "antd";
import type { ReactNode } from "react";

export function CenteredCard({ maxWidth, children }: { maxWidth: number; children: ReactNode }) {
  return (
    <main
      style={{ minHeight: "100vh", display: "grid", placeItems: "center", background: "#f5f5f5", padding: "0 12px" }}
    >
      <Card style={{ width: "100%", maxWidth }}>{children}</Card>
    </main>
  );
}
