"""The platform's commands: `arena demo | worker | beat | web | migrate | manage | ratings`.

The layer above both the core library (`arena`) and the platform it runs (`webui`,
`workers`): it starts Django, Celery and gunicorn, so the core library never has to know
them. `arena_platform.cli.main` is the `arena` console command: the local commands of
`arena.cli` plus these (docs/decisions/layer-contract.md).
"""
