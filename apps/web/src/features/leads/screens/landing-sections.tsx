// The parts the two campaign landings (/merchants-join, /decorate-act) are built from: a hero with one
// call to action, a titled row of cards and a titled list, in the landing's own styles.
import styles from "./landing.module.css";

export function LandingHero({
  title,
  text,
  action,
}: {
  title: string;
  text: string;
  action: { label: string; href: string };
}) {
  return (
    <section className={styles.hero}>
      <div className="container">
        <h1>{title}</h1>
        <p>{text}</p>
        <a className="btn" href={action.href}>
          {action.label}
        </a>
      </div>
    </section>
  );
}

/** Cards of [title, text]. */
export function CardsSection({ title, cards }: { title: string; cards: readonly (readonly [string, string])[] }) {
  return (
    <section className="container">
      <h2 className="section-title">{title}</h2>
      <div className={styles.cards}>
        {cards.map(([cardTitle, text]) => (
          <div key={cardTitle} className={styles.card}>
            <h3>{cardTitle}</h3>
            <p>{text}</p>
          </div>
        ))}
      </div>
    </section>
  );
}

/** A list of short lines: chips, a plain list, or numbered steps. */
export function ListSection({
  title,
  items,
  look,
}: {
  title: string;
  items: readonly string[];
  look: "chips" | "list" | "steps";
}) {
  const List = look === "steps" ? "ol" : "ul";
  return (
    <section className="container">
      <h2 className="section-title">{title}</h2>
      <List className={styles[look]}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </List>
    </section>
  );
}
