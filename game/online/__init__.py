"""Online play (docs/PROTOCOL.md): the protocol both sides speak, the server that holds every online game (the
engine runs there; each seat is sent only what it may see, X9), and the client's remote host that plays one seat
through it. The server's modules never import pygame."""
