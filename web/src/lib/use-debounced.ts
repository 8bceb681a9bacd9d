import { useEffect, useState } from "react";

/** `value` once it has rested for `delay` ms: what typing asks of the server only when it pauses. */
export function useDebounced<T>(value: T, delay: number): T {
  const [rested, setRested] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setRested(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return rested;
}
