// Talking to the server (docs/protocol.md): JSON over HTTP, one WebSocket per seat, and the
// seat's token kept in the URL fragment and in localStorage so that reopening the link resumes.

async function request(method, url, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(url, options);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error || `${method} ${url}: ${response.status}`);
  return data;
}

export const getJSON = (url) => request("GET", url);
export const postJSON = (url, body) => request("POST", url, body);

const seatKey = (tableId) => `fourwinds.seat.${tableId}`;

/** The seat held at a table: from the URL fragment (#position=P&token=T), else localStorage. */
export function loadSeat(tableId) {
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (fragment.has("token") && fragment.has("position")) {
    const seat = { position: Number(fragment.get("position")), token: fragment.get("token") };
    saveSeat(tableId, seat);
    return seat;
  }
  const kept = localStorage.getItem(seatKey(tableId));
  return kept ? JSON.parse(kept) : null;
}

export function saveSeat(tableId, seat) {
  localStorage.setItem(seatKey(tableId), JSON.stringify(seat));
}

export function forgetSeat(tableId) {
  localStorage.removeItem(seatKey(tableId));
}

/** The player's name, remembered between visits. */
export const playerName = {
  get: () => localStorage.getItem("fourwinds.name") || "",
  set: (name) => localStorage.setItem("fourwinds.name", name),
};

/**
 * Play at a table: opens /ws/{tableId}, says hello with the seat's token (or, with no seat,
 * watches as a spectator), and hands every message to ``onMessage``. A dropped connection is retried with a growing pause; a refused
 * token (close code 4401) is not. ``onStatus`` hears "open", "retrying" or "refused".
 */
export function connect(tableId, seat, onMessage, onStatus) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  let socket = null;
  let pause = 500;

  function open() {
    socket = new WebSocket(`${scheme}://${location.host}/ws/${tableId}`);
    socket.addEventListener("open", () => {
      pause = 500;
      socket.send(JSON.stringify(seat ? { type: "hello", position: seat.position,
        token: seat.token } : { type: "watch" }));
      onStatus("open");
    });
    socket.addEventListener("message", (event) => onMessage(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (event.code === 4401) {
        onStatus("refused");
        return;
      }
      onStatus("retrying");
      setTimeout(open, pause);
      pause = Math.min(pause * 2, 8000);
    });
  }

  open();
  return {
    /** Send a message; false when the socket is not open (it is being reconnected). */
    send(message) {
      if (socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
  };
}
