/** The fixed top navigation: the couple's names as its title and links to the sections. */
import type { NavItem } from '../content/invitation.js';

/** Props of {@link Nav}. */
export interface NavProps {
  title: string;
  items: readonly NavItem[];
}

/** The top bar. */
export function Nav({ title, items }: NavProps) {
  return (
    <header className="nav">
      <nav aria-label="Sections" className="nav-inner">
        <a className="nav-title" href="#hero">
          {title}
        </a>
        <ul className="nav-links">
          {items.map((item) => (
            <li key={item.id}>
              <a href={`#${item.id}`}>{item.label}</a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
