import type { ReactNode } from 'react';

export function SectionHeader({
  id,
  title,
  subtitle,
  extra,
}: {
  id: string;
  title: string;
  subtitle?: string;
  extra?: ReactNode;
}) {
  return (
    <div className="home-section__header">
      <div>
        <h2 id={id} className="home-section__title">
          {title}
        </h2>
        {subtitle ? <p className="home-section__subtitle">{subtitle}</p> : null}
      </div>
      {extra}
    </div>
  );
}
