// Renders its children once their place comes into view (or at once where the browser cannot tell):
// the dashboard's charts and their library load only for a member who scrolls to them, so the
// back-office's first load stays within its JavaScript budget (decision 028).
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function OnView({ children, placeholderHeight }: { children: ReactNode; placeholderHeight: number }) {
  const place = useRef<HTMLDivElement>(null);
  const [isInView, setIsInView] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = place.current;
    if (isInView || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setIsInView(true);
        observer.disconnect();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isInView]);
  return <div ref={place}>{isInView ? children : <div style={{ minHeight: placeholderHeight }} />}</div>;
}
