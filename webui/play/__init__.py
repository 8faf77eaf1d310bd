"""People at the table: a signed-in person plays a seat against ladder bots from the browser.

The match runs in a worker like any other; the person's seat is a `PersonAgent` there
(arena.relay.person), and this app relays its turns between Redis and the page.
"""
