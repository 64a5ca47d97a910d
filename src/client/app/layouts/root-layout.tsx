import { FullScreenSpinner } from "@client/components/full-screen-spinner";
import { useEffect, useState } from "react";
import { Outlet, ScrollRestoration, useNavigation } from "react-router";

// Most lazy pages arrive within a frame or two; a spinner only for slower ones avoids a flash.
const SPINNER_DELAY_MS = 150;

function useDelayedFlag(isOn: boolean, delayMs: number): boolean {
  const [isShown, setIsShown] = useState(false);
  useEffect(() => {
    if (!isOn) {
      setIsShown(false);
      return;
    }
    const timer = window.setTimeout(() => setIsShown(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [isOn, delayMs]);
  return isShown;
}

export function RootLayout() {
  const navigation = useNavigation();
  const isPageLoading = useDelayedFlag(navigation.state === "loading", SPINNER_DELAY_MS);

  return (
    <>
      <Outlet />
      {isPageLoading && <FullScreenSpinner />}
      <ScrollRestoration />
    </>
  );
}
