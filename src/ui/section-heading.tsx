/** A section's heading and the words under it, as most sections begin; either may be left out. */
export function SectionHeading({ heading, intro }: { heading?: string; intro?: string }) {
  return (
    <>
      {heading && <h2>{heading}</h2>}
      {intro && <p className="section-intro">{intro}</p>}
    </>
  );
}
