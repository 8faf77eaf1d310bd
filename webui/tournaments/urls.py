from django.urls import path

from webui.tournaments import views

urlpatterns = [
    path("", views.index, name="tournaments"),
    path("new/", views.new, name="tournament-new"),
    path("<int:tournament_id>/", views.detail, name="tournament"),
]
