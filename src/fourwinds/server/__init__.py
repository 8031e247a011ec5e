"""The web app: HTTP and WebSocket play, tables, the lobby and storage (``fourwinds serve``)."""
