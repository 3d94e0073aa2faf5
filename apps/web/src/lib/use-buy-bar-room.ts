// While a detail page's buy bar is shown, the body keeps room for it at the page's end on phones
// (global.css body[data-buy-bar], docs/decisions/0054). Kept-alive screens are hidden under <Activity>,
// which runs this effect's cleanup, so a hidden product page stops asking for the room. A count, not a
// flag: when one detail page replaces another, one mounts as the other unmounts.
import { useEffect } from "react";

let showing = 0;

export function useBuyBarRoom() {
  useEffect(() => {
    showing += 1;
    document.body.dataset.buyBar = "";
    return () => {
      showing -= 1;
      if (showing === 0) delete document.body.dataset.buyBar;
    };
  }, []);
}
